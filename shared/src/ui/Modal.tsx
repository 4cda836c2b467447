import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './ui.module.css';

export interface ModalProps {
  /** Accessible name of the dialog. */
  label: string;
  onClose(): void;
  children: ReactNode;
  closeLabel?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: closes by its close button, a click on the backdrop or Escape; keeps focus
 * inside while open and gives it back to what had it before. It is placed at the end of the
 * page's body, not where it is declared: what its declaring element's ancestors do to their
 * content (a list dimmed while it refreshes, a transform, an overflow) must not reach the dialog,
 * which stands above the whole page.
 */
export function Modal({ label, onClose, children, closeLabel = 'Close' }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, []);

  // The keys are handled on the document, not on the dialog: a click on the dialog's text or
  // image moves focus to the page body, and Escape must still close the pop-up then.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      const dialog = dialogRef.current;
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (!dialog.contains(active) || active === dialog) {
        // Focus left the controls (a click on the dialog's content): Tab comes back in.
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const dialog = (
    // The backdrop click is a mouse convenience; keyboard users have Escape and the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className={styles.backdrop}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="modal-backdrop"
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        // A click on the content focuses the dialog itself rather than the page behind it.
        tabIndex={-1}
      >
        <button
          ref={closeRef}
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={closeLabel}
        >
          ×
        </button>
        {children}
      </div>
    </div>
  );
  // A dialog opens on a visitor's action, in the browser; a server render has no body to place it
  // in and renders it where it is declared.
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}
