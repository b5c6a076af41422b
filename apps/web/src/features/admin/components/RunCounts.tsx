import { countEntries } from '../job-format.ts';

/** A run's counts as small label/value pairs; nothing when it has none. */
export function RunCounts({ counts }: { counts: Record<string, unknown> }) {
  const entries = countEntries(counts);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {entries.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-semibold text-slate-800 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
