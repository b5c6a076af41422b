import type { AuthorEvent } from '@rrc/contract';
import {
  AUTHOR_EVENT_KINDS,
  AUTHOR_EVENT_LABELS,
  type AuthorEventKind,
  royalroadFictionId,
} from '@rrc/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { localTime } from '../../../lib/time.ts';
import {
  useAddAuthorEvent,
  useAuthorEvents,
  useDeleteAuthorEvent,
  useUpdateAuthorEvent,
} from '../api/author-events.ts';
import { effectSentence, effectVerdict, VERDICT_WORDS } from '../effect-words.ts';

const VERDICT_TONES = {
  above: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  within: 'bg-slate-100 text-slate-700 ring-slate-200',
  below: 'bg-amber-50 text-amber-800 ring-amber-200',
} as const;

/** `YYYY-MM-DDTHH:mm:ss` of the reader's clock, as a datetime-local input holds it. */
function localInput(date: Date): string {
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 19);
}

/** One event: what, when, the partner, and what it did. */
export function AuthorEventItem({ event, actions }: { event: AuthorEvent; actions?: React.ReactNode }) {
  const verdict = effectVerdict(event.effect);
  return (
    <li className="py-3" data-event-id={event.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{AUTHOR_EVENT_LABELS[event.kind]}</span>
        <span className="text-sm text-slate-600">{localTime(event.at)}</span>
        {verdict && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${VERDICT_TONES[verdict]}`}>
            {VERDICT_WORDS[verdict]}
          </span>
        )}
        {!event.public && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600 ring-1 ring-slate-200">
            Only you
          </span>
        )}
      </div>
      {event.note && <p className="mt-1 text-sm text-slate-800">{event.note}</p>}
      {event.partner && (
        <p className="mt-1 text-sm text-slate-700">
          With{' '}
          <Link to={`/fiction/${event.partner.royalroad_id}`} className="text-brand-700 underline">
            {event.partner.title}
          </Link>
          {event.partner.followers_at !== null
            ? `, ${event.partner.followers_at.toLocaleString()} followers at the time`
            : ', its followers at the time not captured'}
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">{effectSentence(event.effect)}</p>
      {actions && <div className="mt-2 flex flex-wrap gap-2">{actions}</div>}
    </li>
  );
}

function AddEventForm({ royalroadId }: { royalroadId: number }) {
  const add = useAddAuthorEvent(royalroadId);
  const [kind, setKind] = useState<AuthorEventKind>('shoutout');
  const [at, setAt] = useState(() => localInput(new Date()));
  const [note, setNote] = useState('');
  const [partner, setPartner] = useState('');
  const [shared, setShared] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { kind: useId(), at: useId(), note: useId(), partner: useId(), shared: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const partnerId = partner.trim() ? royalroadFictionId(partner.trim()) : null;
    if (partner.trim() && partnerId === null) {
      setProblem("The partner must be a Royal Road fiction's link or number.");
      return;
    }
    add.mutate(
      {
        kind,
        at: new Date(at).toISOString(),
        note: note.trim() || null,
        partnerRoyalroadId: kind === 'shoutout' ? partnerId : null,
        public: shared,
      },
      {
        onSuccess: () => {
          setNote('');
          setPartner('');
        },
      },
    );
  }

  const field =
    'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500 focus:outline-none';
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <div>
        <label htmlFor={ids.kind} className="block text-sm font-medium text-slate-700">
          What you did
        </label>
        <select
          id={ids.kind}
          value={kind}
          onChange={(e) => setKind(e.target.value as AuthorEventKind)}
          className={field}
        >
          {AUTHOR_EVENT_KINDS.map((each) => (
            <option key={each} value={each}>
              {AUTHOR_EVENT_LABELS[each]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.at} className="block text-sm font-medium text-slate-700">
          When
        </label>
        <input
          id={ids.at}
          type="datetime-local"
          step={1}
          required
          value={at}
          onChange={(e) => setAt(e.target.value)}
          className={field}
        />
      </div>
      {kind === 'shoutout' && (
        <div className="sm:col-span-2">
          <label htmlFor={ids.partner} className="block text-sm font-medium text-slate-700">
            Partner fiction (Royal Road link or number)
          </label>
          <input
            id={ids.partner}
            value={partner}
            onChange={(e) => setPartner(e.target.value)}
            placeholder="https://www.royalroad.com/fiction/12345"
            className={field}
          />
        </div>
      )}
      <div className="sm:col-span-2">
        <label htmlFor={ids.note} className="block text-sm font-medium text-slate-700">
          Note
        </label>
        <input
          id={ids.note}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          className={field}
        />
      </div>
      <div className="flex items-center gap-2 sm:col-span-2">
        <input
          id={ids.shared}
          type="checkbox"
          checked={shared}
          onChange={(e) => setShared(e.target.checked)}
          className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        <label htmlFor={ids.shared} className="text-sm text-slate-800">
          Show it to everyone (otherwise only you see it)
        </label>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add event'}
        </Button>
      </div>
      {(problem || add.isError) && (
        <div className="sm:col-span-2">
          <Alert tone="error">{problem ?? add.error?.message}</Alert>
        </div>
      )}
    </form>
  );
}

/**
 * What the author did on the fiction page: the claimant marks events and sees what each did to the
 * followers; everyone else sees the events the author made public.
 */
export function AuthorEventsPanel({ royalroadId }: { royalroadId: number }) {
  const events = useAuthorEvents(royalroadId);
  const update = useUpdateAuthorEvent(royalroadId);
  const remove = useDeleteAuthorEvent(royalroadId);
  if (!events.data) return null;
  const { claimant } = events.data;
  const list = [...events.data.events].reverse();
  if (!claimant && list.length === 0) return null;
  return (
    <section
      aria-labelledby="author-events-heading"
      className="rounded-2xl bg-white p-6 ring-1 ring-slate-200"
    >
      <h2 id="author-events-heading" className="text-lg font-semibold text-slate-900">
        {claimant ? 'What you did' : 'What the author did'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each against the trend of the 14 days before it: the followers gained in the 7 days after, and the
        range the trend alone would give.
      </p>
      {claimant && (
        <div className="mt-4">
          <AddEventForm royalroadId={royalroadId} />
        </div>
      )}
      {list.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nothing marked yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {list.map((event) => (
            <AuthorEventItem
              key={event.id}
              event={event}
              actions={
                claimant && (
                  <>
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-xs"
                      disabled={update.isPending}
                      onClick={() => update.mutate({ id: event.id, public: !event.public })}
                    >
                      {event.public ? 'Make private' : 'Make public'}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 py-1 text-xs"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(event.id)}
                    >
                      Delete
                    </Button>
                  </>
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
