import type { UserFiction } from '@rrc/contract';
import { failureMessage } from '../../../lib/api-client.ts';
import { useUpdateStatus } from '../api/update-status.ts';
import { ProgressEditor, type ProgressEntry } from './ProgressEditor.tsx';
import { ReadingStatusSelect } from './ReadingStatusSelect.tsx';

/** The reading status and chapter progress of one list entry; reports failures (and clears them on success). */
export function ReadingControls({
  entry,
  onError,
  className = '',
}: {
  entry: ProgressEntry & Pick<UserFiction, 'status'>;
  onError: (message: string | null) => void;
  className?: string;
}) {
  const updateStatus = useUpdateStatus();
  return (
    <div className={`flex flex-wrap items-center gap-x-5 gap-y-2 ${className}`}>
      <ReadingStatusSelect
        value={entry.status}
        disabled={updateStatus.isPending}
        onChange={(status) =>
          updateStatus.mutate(
            { id: entry.id, status },
            {
              onSuccess: () => onError(null),
              onError: (failure) => onError(failureMessage(failure, 'Failed to update status')),
            },
          )
        }
      />
      <ProgressEditor entry={entry} />
    </div>
  );
}
