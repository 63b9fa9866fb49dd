import { createContext, useContext } from 'react';
import { ApiError, apiUrl } from '../../lib/api';
import { liveData, useLiveData, type LiveData } from '../../lib/live-data';
import { whenNearViewport } from '../../lib/when-near-viewport';

/** spec §4, §7: both winners lists are refetched every 5 minutes (and when the window regains focus). */
export const WINNERS_REFETCH_INTERVAL_MS = 300_000;

/** The landing page's winners section (spec §2 anchor): the lists load as it comes near. */
const WINNERS_SECTION_ID = 'zwyciezcy';

/** spec §3 "Instant-prize publication record". */
export interface InstantWinner {
  date: string;
  code: string;
  award: string;
  userPublish: string;
}

/** spec §3 "Draw winner record". */
export interface DrawWinner {
  drawName: string;
  price: string;
  priceRank: number;
  code: string;
  name: string;
  testimonialId: string;
}

// spec §7, §8: these messages are the developers' (logged, never shown); visitors see the boundary's text.
export const INVALID_INSTANT_DATA = 'Invalid data format: expected an array';
export const DRAW_FETCH_FAILED = 'Failed to fetch draw data';

export async function fetchInstantWinners(): Promise<InstantWinner[]> {
  await whenNearViewport(WINNERS_SECTION_ID);
  const response = await fetch(apiUrl('publish-winners'));
  if (!response.ok)
    throw new ApiError(response.status, `Failed to fetch instant winners (${response.status})`);
  const body = (await response.json()) as { data?: unknown } | null;
  if (!Array.isArray(body?.data)) throw new Error(INVALID_INSTANT_DATA);
  return body.data as InstantWinner[];
}

export async function fetchDrawWinners(): Promise<DrawWinner[]> {
  await whenNearViewport(WINNERS_SECTION_ID);
  const response = await fetch(apiUrl('WinnersList'));
  if (!response.ok) throw new Error(DRAW_FETCH_FAILED);
  const body = (await response.json()) as unknown;
  if (!Array.isArray(body)) throw new Error(DRAW_FETCH_FAILED);
  return body as DrawWinner[];
}

export interface WinnersLists {
  instant: LiveData<InstantWinner[]>;
  draws: LiveData<DrawWinner[]>;
}

/** Both lists, fetched once for the section and the code checker, and kept fresh (spec §4, §7). */
export function createWinnersLists(retries?: number): WinnersLists {
  const options = { refetchIntervalMs: WINNERS_REFETCH_INTERVAL_MS, retries };
  return { instant: liveData(fetchInstantWinners, options), draws: liveData(fetchDrawWinners, options) };
}

/** The app's lists (app.tsx): they outlive the section, so coming back to the home page shows them at once. */
export const WinnersListsContext = createContext<WinnersLists | null>(null);

export function useWinnersLists(): WinnersLists {
  return useContext(WinnersListsContext)!;
}

export function useInstantWinners() {
  return useLiveData(useWinnersLists().instant);
}

export function useDrawWinners() {
  return useLiveData(useWinnersLists().draws);
}
