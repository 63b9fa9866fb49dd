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

/** A table of rows under named columns, in its scrolling region: the queue's and the audit trail's. */
export function ColumnTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string;
  columns: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption}>
      <table className={className}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
