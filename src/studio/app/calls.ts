import type { TierId } from '#shared/campaign.ts';
import {
  routeOf,
  type ChangesReply,
  HistoryReply,
  SaveReply,
  SaveRequest,
  SharedReply,
  TierState,
  VersionReply,
} from '../studio-api';

// The studio page's calls to its server (src/studio/server/api.ts).

const API = '/studio/api';

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${API}${path}`);
  if (!response.ok) throw new Error(`${response.status}`);
  return (await response.json()) as T;
}

export const calls = {
  shared: () => get<SharedReply>('/shared'),
  tiers: () => get<TierState[]>('/tiers'),
  tier: (id: TierId) => get<TierState>(`/tiers/${routeOf(id)}`),
  changes: () => get<ChangesReply>('/changes'),
  history: (id: TierId) => get<HistoryReply>(`/tiers/${routeOf(id)}/history`),
  version: (id: TierId, revision: string) => get<VersionReply>(`/tiers/${routeOf(id)}/history/${revision}`),
  async save(id: TierId, request: SaveRequest): Promise<SaveReply> {
    const response = await fetch(`${API}/tiers/${routeOf(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return (await response.json()) as SaveReply;
  },
};
