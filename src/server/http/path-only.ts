/** A request's path without its query: the `hash` query parameter is a secret, and no route reads the rest. */
export function pathOnly(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** docs/api.md#staff-panel: /panel and what is under it, with or without a query. */
export const isPanelPath = (url: string) => url === '/panel' || /^\/panel[/?]/.test(url);
