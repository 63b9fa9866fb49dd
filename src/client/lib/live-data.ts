import { useSyncExternalStore } from 'react';

/**
 * docs/performance.md#what-made-the-budgets-hold: data the page fetches and keeps fresh, in place of TanStack
 * Query on the public site (its 9 KB gzip for two lists). What it keeps of TanStack Query's defaults, which are
 * the spec's (§7), is in docs/decisions/landing.md#live-data.
 */

/** spec §7: a failed fetch is retried 3 times, the delay doubling from 1 s, at most 30 s. */
export const RETRIES = 3;
export const retryDelayMs = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

export interface LiveState<T> {
  /** The last data fetched; kept when a later fetch fails. */
  data?: T;
  /** Why the last fetch failed (after its retries); cleared by a success, or as a fetch starts with no data. */
  error?: unknown;
  /** Counts the fetches that ended, either way: what shows the data or the error can key on it. */
  settled: number;
}

export interface LiveData<T> {
  /** While anybody listens: fetched now, every `refetchIntervalMs` the page is visible, when the page becomes
   * visible again and when the browser comes back online. */
  subscribe(listener: () => void): () => void;
  state(): LiveState<T>;
  /** The data held, or the fetch under way (with its retries), or one attempt (no retries: somebody waits). */
  ensure(): Promise<T>;
}

const visible = () => document.visibilityState !== 'hidden';

/** Resolves when the browser is online, and (for a retry) the page visible: until then a fetch waits. */
function whenActive(retrying: boolean): Promise<void> {
  const active = () => navigator.onLine && (!retrying || visible());
  return new Promise((resolve) => {
    const check = () => {
      if (!active()) return;
      window.removeEventListener('online', check);
      window.removeEventListener('visibilitychange', check);
      resolve();
    };
    window.addEventListener('online', check);
    window.addEventListener('visibilitychange', check);
    check();
  });
}

export function liveData<T>(
  load: () => Promise<T>,
  { refetchIntervalMs, retries = RETRIES }: { refetchIntervalMs: number; retries?: number },
): LiveData<T> {
  let state: LiveState<T> = { settled: 0 };
  let running: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const update = (next: Partial<LiveState<T>>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const attempts = async (allowed: number): Promise<T> => {
    await whenActive(false);
    for (let failures = 0; ; failures++) {
      try {
        return await load();
      } catch (error) {
        if (failures >= allowed) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
        await whenActive(true);
      }
    }
  };

  /** One fetch at a time: whoever asks while one is under way gets its result. */
  const fetchData = (allowed: number) =>
    (running ??= (async () => {
      if (state.data === undefined && state.error !== undefined) update({ error: undefined });
      try {
        const data = await attempts(allowed);
        update({ data, error: undefined, settled: state.settled + 1 });
        return data;
      } catch (error) {
        update({ error, settled: state.settled + 1 });
        throw error;
      } finally {
        running = undefined;
      }
    })());
  // The error is in the state, for the readers to show.
  const refresh = () => void fetchData(retries).catch(() => {});
  const refreshIfVisible = () => {
    if (visible()) refresh();
  };

  let interval: ReturnType<typeof setInterval> | undefined;
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        refresh();
        interval = setInterval(refreshIfVisible, refetchIntervalMs);
        window.addEventListener('visibilitychange', refreshIfVisible);
        window.addEventListener('online', refresh);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearInterval(interval);
        window.removeEventListener('visibilitychange', refreshIfVisible);
        window.removeEventListener('online', refresh);
      };
    },
    state: () => state,
    ensure: () => (state.data !== undefined ? Promise.resolve(state.data) : fetchData(0)),
  };
}

export function useLiveData<T>(source: LiveData<T>): LiveState<T> {
  return useSyncExternalStore(source.subscribe, source.state, source.state);
}
