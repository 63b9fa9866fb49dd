import { useEffect, useRef, type ReactNode } from 'react';
import { documentTitle } from '../lib/texts';

/**
 * One page of the panel: its title in the tab and its heading, which takes the focus when the page opens, so
 * a screen reader says where a link led and the keyboard starts from the top of the new content.
 */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = documentTitle(title);
    heading.current?.focus();
  }, [title]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </>
  );
}
