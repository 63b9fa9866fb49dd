import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());

// findBy… and waitFor wait up to 5 s, not 1: npm test runs these files beside the browsers' and the checks'
// (docs/decisions/testing.md), and a render that takes over a second there is slow, not wrong.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but neither showModal() nor close(). This stand-in, for unit tests only, does what
// Chromium does that a unit test can observe: focus moves to the first focusable element inside and back
// on close, and Escape becomes a cancelable 'cancel' event that closes unless prevented. What only a browser
// does (focus trap, inert page, backdrop) is asserted in test/e2e/modals.test.ts.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const openedFrom = new WeakMap<HTMLDialogElement, Element | null>();
  HTMLDialogElement.prototype.showModal = function () {
    openedFrom.set(this, document.activeElement);
    this.open = true;
    this.querySelector<HTMLElement>('button:not([disabled]), [href], input, select, textarea')?.focus();
  };
  HTMLDialogElement.prototype.close = function () {
    if (!this.open) return;
    this.open = false;
    (openedFrom.get(this) as HTMLElement | null)?.focus();
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const dialog = [...document.querySelectorAll('dialog')].findLast((element) => element.open);
    if (dialog?.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
}
