// A problem `npm run schemas:check` and the form studio find in a file of schemas/: the schema check and the
// contract check both report them, the script and the studio tell them.

export interface SchemaProblem {
  /** The file, as the editor names it: "schemas/tier-iv.json". */
  file: string;
  /** Where in the file: a JSON Pointer ("/schema/required/2"). */
  place?: string;
  /** The form field the problem concerns (the studio shows it next to that field). */
  field?: string;
  message: string;
}

/** A problem as one line: file, field and place, then the Polish sentence. */
export function describeProblem({ file, place, field, message }: SchemaProblem): string {
  const where = [file, field && `pole „${field}”`, place].filter(Boolean).join(', ');
  return `${where}: ${message}`;
}
