import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Modal, type ModalSize } from './Modal.tsx';

afterEach(() => {
  document.body.style.overflow = '';
});

/** A page with a button that opens a modal holding a text field and two buttons. */
function Page({ busy = false, size, onClose }: { busy?: boolean; size?: ModalSize; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Modal
        open={open}
        title="Payment details"
        size={size}
        busy={busy}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <label>
          Card holder
          <input name="holder" />
        </label>
        <button type="button" disabled>
          Disabled action
        </button>
        <button type="button">Pay</button>
      </Modal>
    </main>
  );
}

async function openPage(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Open dialog' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Payment details' }) };
}

describe('Modal', () => {
  it('shows nothing while closed and a labelled modal dialog once opened', async () => {
    const user = userEvent.setup();
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open dialog' }));

    const dialog = screen.getByRole('dialog', { name: 'Payment details' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Card holder')).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    const { user } = await openPage({ onClose });

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click on the backdrop but not on a click inside the dialog', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openPage({ onClose });

    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await user.click(within(dialog).getByRole('heading', { name: 'Payment details' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByTestId('modal-backdrop'));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openPage({ onClose });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be closed while busy: Escape, backdrop and a disabled close button do nothing', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openPage({ busy: true, onClose });

    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toBeDisabled();
    await user.click(close);

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Payment details' })).toBeInTheDocument();
  });

  it('locks page scrolling while open and restores the previous value after closing', async () => {
    document.body.style.overflow = 'scroll';
    const { user } = await openPage();

    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');

    expect(document.body.style.overflow).toBe('scroll');
  });

  it('unlocks scrolling when it is unmounted while open', async () => {
    const { unmount } = render(
      <Modal open title="Gone" onClose={() => {}}>
        <p>Body</p>
      </Modal>,
    );
    expect(document.body.style.overflow).toBe('hidden');

    unmount();

    expect(document.body.style.overflow).toBe('');
  });

  it('moves focus into the dialog and gives it back to the opener after closing', async () => {
    const { user, opener, dialog } = await openPage();

    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives focus back to the opener after closing with the close button', async () => {
    const { user, opener, dialog } = await openPage();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('focuses the element marked data-autofocus first', () => {
    render(
      <Modal open title="Pick" onClose={() => {}}>
        <button type="button">First</button>
        <button type="button" data-autofocus>
          Preferred
        </button>
      </Modal>,
    );

    expect(screen.getByRole('button', { name: 'Preferred' })).toHaveFocus();
  });

  it('focuses the dialog itself when it holds nothing focusable but a disabled close button', () => {
    render(
      <Modal open busy title="Working" onClose={() => {}}>
        <p>Please wait</p>
      </Modal>,
    );

    expect(screen.getByRole('dialog', { name: 'Working' })).toHaveFocus();
  });

  it('keeps Tab inside: from the last control to the first, and Shift+Tab from the first to the last', async () => {
    const { user, dialog } = await openPage();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const field = within(dialog).getByLabelText('Card holder');
    const pay = within(dialog).getByRole('button', { name: 'Pay' });

    expect(close).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab();
    expect(pay).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.tab({ shift: true });
    expect(pay).toHaveFocus();
    await user.tab({ shift: true });
    expect(field).toHaveFocus();
  });

  it.each([
    ['sm', 'max-w-sm'],
    ['md', 'max-w-md'],
    ['lg', 'max-w-lg'],
    ['xl', 'max-w-xl'],
  ] as const)('uses the %s size', async (size, className) => {
    const { dialog } = await openPage({ size });
    expect(dialog).toHaveClass(className);
  });

  it('is medium-sized by default', async () => {
    const { dialog } = await openPage();
    expect(dialog).toHaveClass('max-w-md');
  });
});

describe('ConfirmDialog', () => {
  function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    const result = render(
      <ConfirmDialog
        open
        title="Remove Fiction?"
        message='Are you sure you want to remove "Beware of Chicken" from your list? This action cannot be undone.'
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={false}
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />,
    );
    return { ...result, user, onConfirm, onCancel };
  }

  it('shows the title, the message and focuses the confirm button', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Remove Fiction?' });

    expect(dialog).toHaveTextContent(
      'Are you sure you want to remove "Beware of Chicken" from your list? This action cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveFocus();
  });

  it('confirms with the confirm button and cancels with Cancel or Escape', async () => {
    const { user, onConfirm, onCancel } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('shows the busy label and blocks every way out while busy', async () => {
    const { user, onConfirm, onCancel } = renderDialog({ busy: true });

    expect(screen.getByRole('button', { name: 'Removing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));

    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows an error inside the dialog', () => {
    renderDialog({ error: 'Failed to remove fiction' });

    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Failed to remove fiction',
    );
  });
});
