import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, type ModalProps } from '#client/components/modal.tsx';

// jsdom has no layout, a focus trap or an inert page: those, the backdrop click and focus return are asserted
// in Chromium (test/e2e/modals.test.ts). Here: what the component itself decides.
function renderModal(props: Partial<ModalProps> = {}) {
  const onClose = vi.fn();
  const result = render(
    <Modal open title="Tytuł okna" onClose={onClose} {...props}>
      <p>Treść</p>
    </Modal>,
  );
  return { ...result, onClose };
}

describe('modal (spec §2, §8)', () => {
  it('is a modal <dialog> named by its title, opened with showModal', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Tytuł okna' });
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.textContent).toContain('Treść');
  });

  it('is not in the document while closed', () => {
    renderModal({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Zamknij' and Escape ask to close", async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('with closeOnEscape false, Escape is refused before it becomes a request to close', () => {
    const { onClose } = renderModal({ closeOnEscape: false });
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    // false: the keydown was prevented (the browser then sends no 'cancel').
    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Zamknij' }), { key: 'Escape' })).toBe(false);
    // A request to close from elsewhere (a back gesture) is refused as well.
    expect(fireEvent(dialog, new Event('cancel', { cancelable: true }))).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it('follows the browser when it does not let the page refuse a request to close', () => {
    const { onClose } = renderModal({ closeOnEscape: false });
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: false }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
