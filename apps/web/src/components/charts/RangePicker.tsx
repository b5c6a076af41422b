import { RANGES, type RangeKey } from './ranges.ts';

/** The date range of a page's charts: 7, 30 or 90 days, or all. */
export function RangePicker({
  value,
  onChange,
  label = 'Date range of the charts',
}: {
  value: RangeKey;
  onChange: (range: RangeKey) => void;
  label?: string;
}) {
  return (
    <fieldset className="inline-flex rounded-lg border-0 bg-slate-200/70 p-1">
      <legend className="sr-only">{label}</legend>
      {RANGES.map((range) => (
        <button
          key={range.key}
          type="button"
          aria-pressed={value === range.key}
          onClick={() => onChange(range.key)}
          className={`rounded-md px-3 py-1 text-xs font-semibold sm:text-sm ${
            value === range.key ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {range.label}
        </button>
      ))}
    </fieldset>
  );
}
