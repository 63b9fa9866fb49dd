const reached = new Set<string>();

/**
 * Resolves once the element with this id comes within a screen of the viewport, and at once ever after
 * (or where there is no such element or no IntersectionObserver). Below-the-fold data waits for it: the
 * winners lists (tens of KB for 4 960 records) then never compete with the first screen (LCP).
 */
export function whenNearViewport(id: string): Promise<void> {
  const element = document.getElementById(id);
  if (reached.has(id) || !element || typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        reached.add(id);
        resolve();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
  });
}
