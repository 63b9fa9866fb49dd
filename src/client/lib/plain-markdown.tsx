import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx in the bundle (vite.config.ts alias). rjsf imports it for
 * `ui:enableMarkdownInDescription`, which no schema of ours uses; the real one is ~32 KB gzip of the
 * statement page. Texts are shown as they are.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
