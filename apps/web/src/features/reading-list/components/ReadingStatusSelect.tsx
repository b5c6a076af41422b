import { READING_STATUS_LABELS, READING_STATUSES, type ReadingStatus } from '@rrc/contract/rules';
import { useId } from 'react';

export function ReadingStatusSelect({
  value,
  onChange,
  disabled,
}: {
  value: ReadingStatus;
  onChange: (status: ReadingStatus) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs font-medium text-slate-500">
        Reading status
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as ReadingStatus)}
        className="rounded-md border-0 bg-white py-1 pr-7 pl-2 text-sm text-slate-800 ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500"
      >
        {READING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {READING_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
