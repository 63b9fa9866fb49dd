import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * Issue 13: false in the server's render and while the browser hydrates it, true from then on (and at once
 * in a page the browser renders itself). What depends on the browser — the address's query, the visitor's
 * clock, data fetched, dialogs — shows only from then, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
