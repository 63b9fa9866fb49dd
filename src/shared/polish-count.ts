/** A number with its Polish noun: 1 znak, 2–4 znaki (but 12–14 znaków), 5 znaków, 22 znaki. */
export function polishCount(n: number, one: string, few: string, many: string): string {
  if (n === 1) return `${n} ${one}`;
  const fewForm = n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14);
  return `${n} ${fewForm ? few : many}`;
}
