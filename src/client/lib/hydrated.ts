import { startTransition, useEffect, useState } from 'react';

// Whether this page has been hydrated (or rendered by the browser) once: parts mounted later show at once.
let pageHydrated = false;

/**
 * docs/performance.md#rendering-on-the-server: false in the server's render and while the browser hydrates
 * it, true from then on. What depends on the browser — the address's query, the visitor's clock, data
 * fetched, dialogs — shows only from then, so the first render matches the server's HTML. The switch is a
 * transition: React renders what it brings (the winners lists, the FAQ folding up) in short slices, not in
 * one long task a tap would wait behind.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
