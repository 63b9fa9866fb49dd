import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoot } from './app';

/**
 * docs/performance.md#rendering-on-the-server: a page's HTML (the content of #root) as the browser's first
 * render will make it, lazy parts (the statement page) included. `location` is a path with, at most, the
 * query parameters the page's first render reads. Built by Vite for Node (scripts/build-recipe.ts) and used by
 * src/server/pages/pages.ts.
 */
export async function renderPage(location: string, nowMs: number): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <AppRoot nowMs={nowMs} router={(routes) => <StaticRouter location={location}>{routes}</StaticRouter>} />,
    // Every boundary inline: React outlines large ones, to be moved in place by an inline script (CSP).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await text(prelude);
  if (errors.length > 0) throw errors[0];
  return html;
}
