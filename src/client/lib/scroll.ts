/** Smooth, unless the visitor asked the system for reduced motion (WCAG 2.3.3). */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls to the element with this id ("#faq" or "faq"); false when there is none. */
export function scrollToAnchor(anchor: string): boolean {
  const element = document.getElementById(anchor.replace(/^#/, ''));
  if (!element) return false;
  element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  return true;
}
