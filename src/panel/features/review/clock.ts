import { useEffect, useState } from 'react';

/** How often the clock is read: a countdown's number changes at most this late. */
const TICK_MS = 250;

/** Whole seconds from `now` to `until` (both ms), 0 once passed or for none. */
export const secondsLeft = (until: number, now: number) =>
  Number.isNaN(until) ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

/**
 * The whole seconds left until an instant (ISO), counting down on the device's clock: 0 once it passed (or
 * for none). It reads the clock only through Date.now and setInterval, so a test drives it with
 * vi.useFakeTimers. The component that counts is keyed by the instant: another instant is another count.
 */
export function useSecondsLeft(untilIso: string | null | undefined): number {
  const until = untilIso ? Date.parse(untilIso) : Number.NaN;
  const [seconds, setSeconds] = useState(() => secondsLeft(until, Date.now()));
  const done = seconds === 0;
  useEffect(() => {
    if (done) return;
    // The same number again renders nothing: only its changes do.
    const timer = setInterval(() => setSeconds(secondsLeft(until, Date.now())), TICK_MS);
    return () => clearInterval(timer);
  }, [until, done]);
  return seconds;
}
