/**
 * spec §8: the server's message; with semicolons it is a list of "field: message" items, and each item's
 * part after its first colon becomes a paragraph of its own.
 */
export function errorParagraphs(message: string): string[] {
  if (!message.includes(';')) return message ? [message] : [];
  return message
    .split(';')
    .map((item) => {
      const colon = item.indexOf(':');
      return (colon === -1 ? item : item.slice(colon + 1)).trim();
    })
    .filter(Boolean);
}
