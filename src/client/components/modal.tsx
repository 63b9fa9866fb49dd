import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { texts } from '#shared/content/texts.ts';
import { useHydrated } from '../lib/hydrated';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** spec §2: the generic modal can refuse to close on a click outside it. */
  closeOnOutsideClick?: boolean;
  closeOnEscape?: boolean;
  /** Extra class on the dialog box, e.g. for a wider variant. */
  className?: string;
}

/**
 * The one modal of the site, a native `<dialog>` opened with `showModal()`: the browser moves focus in and
 * traps it, makes the page behind inert, and returns focus where it was on close. Escape and a click on the
 * backdrop close it unless disabled. The element exists only while open, as a child of <body>: the styles
 * of the section that opens it (`.section h2`…) do not reach it.
 */
export function Modal({ open, ...props }: ModalProps) {
  // A dialog opens in the browser only (the server's HTML has none; hydration then matches it).
  const hydrated = useHydrated();
  return open && hydrated ? <OpenModal {...props} /> : null;
}

function OpenModal({
  title,
  onClose,
  children,
  closeOnOutsideClick = true,
  closeOnEscape = true,
  className,
}: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A layout effect's cleanup runs before React removes the element: a removed dialog returns focus nowhere.
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    dialog.showModal();
    return () => dialog.close();
  }, []);

  const onBackdropMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    // A press on the ::backdrop targets the dialog itself, outside its box.
    if (!closeOnOutsideClick || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return;
    // The press would otherwise move focus off the opener, where close() returns it.
    event.preventDefault();
    onClose();
  };

  return createPortal(
    <dialog
      ref={dialogRef}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onMouseDown={onBackdropMouseDown}
      onKeyDown={(event) => {
        // Chrome lets a page refuse 'cancel' only a few times without a click in between; a prevented
        // Escape never becomes a request to close.
        if (event.key === 'Escape' && !closeOnEscape) event.preventDefault();
      }}
      onCancel={(event) => {
        // A request to close (Escape, a back gesture): the `open` prop decides, unless the browser closes anyway.
        event.preventDefault();
        if (closeOnEscape || !event.cancelable) onClose();
      }}
    >
      <button type="button" className="modal__close" aria-label={texts.modal.close} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <div className="modal__body">{children}</div>
    </dialog>,
    document.body,
  );
}
