/**
 * Issue 10 §11: a long import or export shows how far it is, on stderr and only in a terminal (a script
 * reading the JSON lines on stdout, or a log file, gets nothing of it). One line, rewritten in place.
 */
export function progressOnTerminal(label: string): ((done: number, total: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  return (done, total) => {
    process.stderr.write(`\r${label}: ${done} z ${total}${done === total ? '\n' : ''}`);
  };
}
