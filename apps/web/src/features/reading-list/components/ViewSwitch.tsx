import type { DashboardView } from '../list-filter.ts';

export function ViewSwitch({
  view,
  onChange,
}: {
  view: DashboardView;
  onChange: (view: DashboardView) => void;
}) {
  const options: Array<[DashboardView, string]> = [
    ['favorites', 'Favorites'],
    ['all', 'All Fictions'],
  ];
  return (
    <fieldset className="inline-flex rounded-lg border-0 bg-slate-200/70 p-1">
      <legend className="sr-only">Which list to show</legend>
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={`rounded-md px-4 py-1.5 text-sm font-semibold transition-colors ${
            view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
