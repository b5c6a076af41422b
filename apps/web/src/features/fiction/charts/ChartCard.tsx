import { type ReactNode, useState } from 'react';

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

/**
 * A chart with its own legend: each entry is a button that hides or shows its
 * series (all visible at first), so it works with a keyboard and on a phone.
 */
export function ChartCard({
  title,
  description,
  series,
  empty,
  children,
}: {
  title: string;
  description?: string;
  series: SeriesSpec[];
  empty?: string | null;
  children: (hidden: ReadonlySet<string>) => ReactNode;
}) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-label={title}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {description && <p className="mt-0.5 text-xs text-slate-500">{description}</p>}
      {empty ? (
        <p className="flex h-48 items-center justify-center text-sm text-slate-500">{empty}</p>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={`${title} legend`}>
            {series.map((item) => {
              const off = hidden.has(item.key);
              return (
                <li key={item.key}>
                  <button
                    type="button"
                    aria-pressed={!off}
                    onClick={() => toggle(item.key)}
                    className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 transition-colors ${
                      off
                        ? 'bg-white text-slate-400 ring-slate-200 line-through'
                        : 'bg-slate-50 text-slate-800 ring-slate-300'
                    }`}
                  >
                    <span
                      className="h-2.5 w-2.5 rounded-full"
                      style={{ backgroundColor: off ? '#cbd5e1' : item.color }}
                      aria-hidden="true"
                    />
                    {item.label}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="mt-3 h-64 w-full sm:h-72">{children(hidden)}</div>
        </>
      )}
    </section>
  );
}
