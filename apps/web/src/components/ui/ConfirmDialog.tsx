import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that closes the dialog without doing anything. */
  cancelLabel?: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} onClose={onCancel} title={title} size="sm" busy={busy}>
      <p className="text-sm text-slate-600">{message}</p>
      {error && (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-row-reverse gap-2">
        <Button variant="danger" onClick={onConfirm} disabled={busy} data-autofocus>
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      </div>
    </Modal>
  );
}
