import { formatIsoDate, formatPolishDate, warsawCalendarDate } from '#shared/warsaw-time.ts';
import type { Passkey } from '../../lib/api-types';
import { fill, texts } from '../../lib/texts';

/** docs/decisions/staff.md#passkey-names: a passkey's name; one made before names by the day it was added. */
export function nameOf(passkey: Pick<Passkey, 'name' | 'createdAt'>): string {
  if (passkey.name) return passkey.name;
  const day = formatIsoDate(warsawCalendarDate(Date.parse(passkey.createdAt)));
  return fill(texts.passkeys.unnamed, { date: formatPolishDate(day) });
}
