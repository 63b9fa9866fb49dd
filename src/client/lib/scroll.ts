/** Smoothly scrolls to the element with this id ("#faq" or "faq"); false when there is none. */
export function scrollToAnchor(anchor: string): boolean {
  const element = document.getElementById(anchor.replace(/^#/, ''));
  if (!element) return false;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return true;
}
