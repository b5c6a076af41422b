import { DISCOVERY_GENRES, FICTION_STATUSES, SEARCH_SORTS } from '@rrc/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { type BrowseParam, listOf, SORT_LABELS } from '../browse-state.ts';

const GENRE_LISTS = DISCOVERY_GENRES.filter((genre) => genre.kind === 'genre');
/** Royal Road's tags, as its genre and tag lists name them: the suggestions of the tags field. */
export const KNOWN_TAGS = [...new Set(DISCOVERY_GENRES.map((genre) => genre.label))].sort((a, b) =>
  a.localeCompare(b),
);
const UPDATED_WITHIN = [
  ['', 'Any time'],
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['365', 'Last year'],
] as const;
const fieldClass =
  'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500 focus:outline-none';

function NumberField({ name, label, value }: { name: BrowseParam; label: string; value: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        min={0}
        inputMode="numeric"
        defaultValue={value}
        className={fieldClass}
      />
    </div>
  );
}

/**
 * Tags separated by commas, with Royal Road's tags suggested for the one being typed (the tags before it
 * kept, the ones already chosen left out).
 */
export function TagsInput({ id, initial }: { id: string; initial: string }) {
  const [value, setValue] = useState(initial);
  const parts = value.split(',');
  const typed = (parts.at(-1) ?? '').trim().toLowerCase();
  const before = parts
    .slice(0, -1)
    .map((part) => part.trim())
    .filter(Boolean);
  const chosen = new Set(before.map((tag) => tag.toLowerCase()));
  const prefix = before.length ? `${before.join(', ')}, ` : '';
  const suggestions = KNOWN_TAGS.filter(
    (tag) => !chosen.has(tag.toLowerCase()) && (!typed || tag.toLowerCase().includes(typed)),
  ).slice(0, 30);
  return (
    <>
      <input
        id={id}
        name="tags"
        list={`${id}-known`}
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        className={fieldClass}
      />
      <datalist id={`${id}-known`} data-testid="known-tags">
        {suggestions.map((tag) => (
          <option key={tag} value={`${prefix}${tag}`} label={tag} />
        ))}
      </datalist>
    </>
  );
}

/** Checkboxes sharing one parameter name: each checked one adds its value. */
function CheckboxGrid(props: {
  legend: string;
  name: BrowseParam;
  options: Array<{ value: string; label: string }>;
  checked: Set<string>;
}) {
  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-700">{props.legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-2 gap-y-1">
        {props.options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              name={props.name}
              value={option.value}
              defaultChecked={props.checked.has(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Browse's filters and sort: applying them writes a new address (page 1). */
export function BrowseFilters({
  params,
  onApply,
}: {
  params: URLSearchParams;
  onApply: (next: URLSearchParams) => void;
}) {
  const id = useId();
  const genres = new Set(listOf(params, 'genres'));
  const statuses = new Set(listOf(params, 'status'));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const q = params.get('q');
    if (q) next.set('q', q);
    for (const [name, value] of form.entries()) {
      const text = String(value).trim();
      if (!text) continue;
      next.set(name, next.has(name) ? `${next.get(name)},${text}` : text);
    }
    onApply(next);
  }

  return (
    // The key makes the fields start again from the address when it changes (Back, a shared link).
    <form key={params.toString()} onSubmit={submit} aria-label="Filters" className="space-y-4">
      <div>
        <label htmlFor={`${id}-sort`} className="block text-xs font-medium text-slate-700">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          defaultValue={params.get('sort') ?? 'relevance'}
          className={fieldClass}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-tags`} className="block text-xs font-medium text-slate-700">
          Tags (all of them, separated by commas)
        </label>
        <TagsInput id={`${id}-tags`} initial={listOf(params, 'tags').join(', ')} />
      </div>
      <CheckboxGrid
        legend="Genres (any of them)"
        name="genres"
        options={GENRE_LISTS.map((genre) => ({ value: genre.slug, label: genre.label }))}
        checked={genres}
      />
      <CheckboxGrid
        legend="Status"
        name="status"
        options={FICTION_STATUSES.map((status) => ({
          value: status,
          label: status[0]?.toUpperCase() + status.slice(1),
        }))}
        checked={statuses}
      />
      <div>
        <label htmlFor={`${id}-type`} className="block text-xs font-medium text-slate-700">
          Type
        </label>
        <select id={`${id}-type`} name="type" defaultValue={params.get('type') ?? ''} className={fieldClass}>
          <option value="">Any</option>
          <option value="original">Original</option>
          <option value="fanfiction">Fan fiction</option>
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <NumberField name="minFollowers" label="Followers from" value={params.get('minFollowers') ?? ''} />
        <NumberField name="maxFollowers" label="Followers to" value={params.get('maxFollowers') ?? ''} />
        <NumberField name="minPages" label="Pages from" value={params.get('minPages') ?? ''} />
        <NumberField name="maxPages" label="Pages to" value={params.get('maxPages') ?? ''} />
      </div>
      <div>
        <label htmlFor={`${id}-updated`} className="block text-xs font-medium text-slate-700">
          Updated
        </label>
        <select
          id={`${id}-updated`}
          name="updatedWithinDays"
          defaultValue={params.get('updatedWithinDays') ?? ''}
          className={fieldClass}
        >
          {UPDATED_WITHIN.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="onRisingStars"
          value="true"
          defaultChecked={params.get('onRisingStars') === 'true'}
        />
        On Rising Stars now
      </label>
      <Button type="submit" className="w-full">
        Apply filters
      </Button>
    </form>
  );
}
