import { formatWarsawDateTime } from '#shared/warsaw-time.ts';
import { texts } from './texts';

/** An instant the server sent (ISO), on Warsaw's wall clock whatever the device's zone; "—" for none. */
export function formatInstant(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return texts.empty;
  const instantMs = Date.parse(iso);
  return Number.isNaN(instantMs) ? iso : formatWarsawDateTime(instantMs);
}
