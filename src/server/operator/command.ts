import { prizes, tierById, type Tier } from '#shared/campaign.ts';
import type { Opened } from '../bootstrap';

/** What a command works with: the opened server parts, its arguments and its two outputs. */
export interface CommandContext extends Omit<Opened, 'notices'> {
  args: string[];
  /** One JSON line on stdout: what scripts read (docs/api.md). */
  emit(line: object): void;
  /** A sentence for the person on stderr. */
  tell(text: string): void;
  /** A long run's progress, in a terminal only (run.ts). */
  progress(label: string): ((done: number, total: number) => void) | undefined;
}

export interface Command {
  name: string;
  usage: string;
  /** One line in Polish: what the command does (the usage and `help` list it). */
  description: string;
  run(context: CommandContext): Promise<void>;
}

/** A mistake in the command line: the message and the usage are printed. */
export class UsageError extends Error {}

export function positional(args: string[], what: string): string {
  const value = args[0];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`brak argumentu: ${what}`);
  return value;
}

export function option(args: string[], name: string, what: string): string {
  const at = args.indexOf(name);
  const value = at === -1 ? undefined : args[at + 1];
  if (value === undefined) throw new UsageError(`brak opcji ${name} <${what}>`);
  return value;
}

/** The tiers as the commands name them, from the tier registry. */
export const hashTiers = prizes.tiers.filter((tier) => tier.claimBy === 'hash');
export const tierIds = (tiers: Tier[]) => tiers.map((tier) => tier.id).join('|');

/** `<kod> <kategoria>`: any tier; the usage names the given ones (the command refuses the others). */
export function codeAndTier(args: string[], tiers: Tier[]): { code: string; tier: Tier } {
  const [code, tierId] = args;
  const tier = tierId === undefined ? undefined : tierById(tierId);
  const ids = tiers.map((known) => known.id);
  if (!code || !tier)
    throw new UsageError(`podaj kod i kategorię (${ids.slice(0, -1).join(', ')} lub ${ids.at(-1)})`);
  return { code, tier };
}
