/** A request's path without its query: the `hash` query parameter is a secret, and no route reads the rest. */
export function pathOnly(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}
