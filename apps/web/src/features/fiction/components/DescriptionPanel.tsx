import { useMemo, useState } from 'react';
import { sanitizeDescription } from '../../../lib/sanitize-description.ts';

/** Past this much markup a description starts folded, with a button to read the rest. */
const FOLD_AFTER = 1_400;
/** How Royal Road's lists end the excerpt of a description. */
const EXCERPT_END = /\(\.\.\.\)\s*$/;

/**
 * The author's description, cleaned here to the server's allow-list before it is rendered. An excerpt (what
 * Royal Road's lists show, ending '(...)') says so and leads to the whole text on Royal Road.
 */
export function DescriptionPanel({ html, fictionUrl }: { html: string; fictionUrl: string }) {
  const clean = useMemo(() => sanitizeDescription(html), [html]);
  const excerpt = useMemo(() => EXCERPT_END.test(clean.replace(/<[^>]*>/g, '')), [clean]);
  const long = clean.length > FOLD_AFTER;
  const [open, setOpen] = useState(false);
  const folded = long && !open;
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="description-heading"
    >
      <h2 id="description-heading" className="text-lg font-semibold text-slate-900">
        Description
      </h2>
      <div className="relative">
        <div
          id="fiction-description"
          className={`prose-description mt-3 space-y-3 text-sm leading-6 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_hr]:my-3 [&_hr]:border-slate-200 ${folded ? 'max-h-72 overflow-hidden' : ''}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server before storage and here again
          dangerouslySetInnerHTML={{ __html: clean }}
        />
        {folded && (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-white" />
        )}
      </div>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls="fiction-description"
          onClick={() => setOpen(!open)}
          className="mt-2 text-sm font-medium text-brand-700 hover:underline"
        >
          {open ? 'Show less' : 'Show the whole description'}
        </button>
      )}
      {excerpt && (
        <p className="mt-3 text-xs text-slate-500">
          The excerpt Royal Road's lists show.{' '}
          <a href={fictionUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            Read the whole description on Royal Road
          </a>
        </p>
      )}
    </section>
  );
}
