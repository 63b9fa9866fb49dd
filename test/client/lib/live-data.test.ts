import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveData, RETRIES, retryDelayMs, type LiveData } from '#client/lib/live-data.ts';

const INTERVAL_MS = 300_000;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  window.dispatchEvent(new Event('visibilitychange'));
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Runs what is due now: a fetch starts a microtask after it is asked for. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A server whose list is its version: each call answers the next one. */
function versions() {
  let version = 0;
  return vi.fn(async () => ++version);
}

/** A server that fails `times` times, then answers its count of calls. */
function failing(times = Number.POSITIVE_INFINITY) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= times) throw new Error('down');
    return calls;
  });
}

/** Readers subscribed in a test, let go after it. */
const stops: (() => void)[] = [];
function read(data: LiveData<number>, listener = () => {}) {
  const stop = data.subscribe(listener);
  stops.push(stop);
  return stop;
}

/** Live data over `load` with a reader, once its first fetch has begun. */
async function readLive(load: () => Promise<number>, retries?: number) {
  const data = liveData(load, { refetchIntervalMs: INTERVAL_MS, retries });
  read(data);
  await settle();
  return data;
}

beforeEach(() => {
  vi.useFakeTimers();
  setVisibility('visible');
  setOnline(true);
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
});

describe('live data (spec §4, §7)', () => {
  it('fetches when its first reader subscribes, once for all readers, and tells them', async () => {
    const load = versions();
    const data = liveData(load, { refetchIntervalMs: INTERVAL_MS });
    await settle();
    expect(load).not.toHaveBeenCalled();
    const listener = vi.fn();
    read(data, listener);
    read(data);
    await expect(data.ensure()).resolves.toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(data.state()).toEqual({ data: 1, error: undefined, settled: 1 });
    expect(listener).toHaveBeenCalled();
    // Held data is answered as it is.
    await expect(data.ensure()).resolves.toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refetches every 5 minutes while the page is visible, not in the background', async () => {
    const load = versions();
    const data = await readLive(load);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(data.state()).toMatchObject({ data: 2, settled: 2 });
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(2 * INTERVAL_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refetches when the page becomes visible again and when the browser is back online', async () => {
    const load = versions();
    const data = await readLive(load);
    setVisibility('hidden');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    setOnline(false);
    setOnline(true);
    await settle();
    expect(load).toHaveBeenCalledTimes(3);
    expect(data.state().data).toBe(3);
  });

  it('stops with its last reader', async () => {
    const load = versions();
    const data = liveData(load, { refetchIntervalMs: INTERVAL_MS });
    const first = read(data);
    const second = read(data);
    await settle();
    first();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(load).toHaveBeenCalledTimes(2);
    second();
    await vi.advanceTimersByTimeAsync(2 * INTERVAL_MS);
    setVisibility('hidden');
    setVisibility('visible');
    setOnline(true);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('retries a failed fetch 3 times, after 1, 2 and 4 s, then holds the error', async () => {
    expect(RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    const load = failing();
    const data = await readLive(load);
    expect(load).toHaveBeenCalledTimes(1);
    for (const [delay, calls] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(load).toHaveBeenCalledTimes(calls - 1);
      expect(data.state()).toEqual({ settled: 0 });
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(calls);
    }
    expect(data.state()).toEqual({ error: new Error('down'), settled: 1 });
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 7_001);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('a retry waits while the page is hidden and goes on when it is visible', async () => {
    const load = failing(1);
    const data = await readLive(load);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await settle();
    // the refetch on focus is the fetch under way, going on
    expect(load).toHaveBeenCalledTimes(2);
    expect(data.state()).toEqual({ data: 2, error: undefined, settled: 1 });
  });

  it('waits while the browser is offline and fetches once it is back', async () => {
    setOnline(false);
    const load = versions();
    const data = liveData(load, { refetchIntervalMs: INTERVAL_MS });
    read(data);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).not.toHaveBeenCalled();
    setOnline(true);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(data.state().data).toBe(1);
  });

  it('a failed refetch keeps the data; a fetch with no data clears the old error as it starts', async () => {
    let answer: () => Promise<number> = () => Promise.reject(new Error('down'));
    const data = await readLive(() => answer(), 0);
    expect(data.state()).toEqual({ error: new Error('down'), settled: 1 });
    let release!: (value: number) => void;
    answer = () => new Promise((resolve) => (release = resolve));
    setVisibility('visible');
    await settle();
    expect(data.state()).toEqual({ error: undefined, settled: 1 });
    release(7);
    await settle();
    expect(data.state()).toEqual({ data: 7, error: undefined, settled: 2 });
    answer = () => Promise.reject(new Error('down again'));
    setVisibility('visible');
    await settle();
    expect(data.state()).toEqual({ data: 7, error: new Error('down again'), settled: 3 });
  });

  it('ensure joins the fetch under way, or makes one attempt without retries', async () => {
    const load = failing();
    const data = liveData(load, { refetchIntervalMs: INTERVAL_MS });
    // Nobody reads the list yet: one attempt, somebody is waiting for its answer.
    await expect(data.ensure()).rejects.toThrow('down');
    expect(load).toHaveBeenCalledTimes(1);
    expect(data.state()).toMatchObject({ settled: 1 });
    read(data);
    const joined = expect(data.ensure()).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(7_000);
    await joined;
    expect(load).toHaveBeenCalledTimes(1 + 1 + RETRIES);
    expect(data.state()).toMatchObject({ settled: 2 });
  });
});
