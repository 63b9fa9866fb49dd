// The bench's table: each figure with its budget, measured value and verdict (scripts/bench/bench.ts).

interface Row {
  figure: string;
  budget: string;
  measured: string;
  ok: boolean;
}

const rows: Row[] = [];
export const record = (figure: string, budget: string, measured: string, ok: boolean) => {
  rows.push({ figure, budget, measured, ok });
  console.error(`${ok ? 'ok  ' : 'MISS'} ${figure}: ${measured} (budget ${budget})`);
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The table on standard output, then how many budgets held; returns the number missed. */
export function printTable(): number {
  const widths = [60, 34, 60];
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 6)).join(' | ');
  console.log(line(['figure', 'budget', 'measured', 'verdict']));
  console.log(line(widths.map((width) => '-'.repeat(width)).concat('-------')));
  for (const row of rows) console.log(line([row.figure, row.budget, row.measured, row.ok ? 'ok' : 'MISSED']));
  const missed = rows.filter((row) => !row.ok).length;
  console.log(`\n${rows.length - missed} budgets held, ${missed} missed`);
  return missed;
}
