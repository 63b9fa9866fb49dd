import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways on a narrow screen inside this region; the region takes the keyboard's focus
 * so the arrow keys can scroll it too (axe: scrollable-region-focusable), and is named as its table is.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
