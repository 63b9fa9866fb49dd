import { useEffect, useEffectEvent } from 'react';

/** Where a key is text being typed or a choice being made: a shortcut there would steal the letter. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * A one-key shortcut while the component is on the page (docs/decisions/panel-page.md#keyboard): the key
 * alone, with no modifier (Caps Lock is no modifier), never while the focus is in a field, a select or
 * editable text, nor a key held down. The element it does the same as names it with aria-keyshortcuts.
 */
export function useKeyShortcut(key: string, action: () => void) {
  const onShortcut = useEffectEvent(action);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== key) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      event.preventDefault();
      onShortcut();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [key]);
}
