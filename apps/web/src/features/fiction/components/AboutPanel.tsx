import type { Fiction } from '@rrc/contract';
import { titleCase } from '../../../lib/format.ts';

/**
 * Status, type, tags and content warnings (blank ones dropped). What is not known is left out, and with
 * nothing known the panel is not shown at all.
 */
export function AboutPanel({ fiction }: { fiction: Fiction }) {
  const facts: Array<[string, string]> = [];
  const status = titleCase(fiction.status);
  if (status) facts.push(['Status', status]);
  if (fiction.type) facts.push(['Type', fiction.type]);
  const warnings = fiction.warnings.filter((warning) => warning.trim());
  if (facts.length === 0 && fiction.tags.length === 0 && warnings.length === 0) return null;
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="about-heading"
    >
      <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
        About this fiction
      </h2>
      {facts.length > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {fiction.tags.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-medium text-slate-500">Tags</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {fiction.tags.map((tag) => (
              <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        </>
      )}
      {warnings.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-medium text-slate-500">Content warnings</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {warnings.map((warning) => (
              <li
                key={warning}
                className="rounded-md bg-amber-50 px-2 py-0.5 text-xs text-amber-900 ring-1 ring-amber-200"
              >
                {warning}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
