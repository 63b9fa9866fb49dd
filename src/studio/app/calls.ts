import { routeOf, type FormId } from '../forms';
import {
  type ChangesReply,
  HistoryReply,
  SaveReply,
  SaveRequest,
  SharedReply,
  FormState,
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
  forms: () => get<FormState[]>('/tiers'),
  tier: (id: FormId) => get<FormState>(`/tiers/${routeOf(id)}`),
  changes: () => get<ChangesReply>('/changes'),
  history: (id: FormId) => get<HistoryReply>(`/tiers/${routeOf(id)}/history`),
  version: (id: FormId, revision: string) => get<VersionReply>(`/tiers/${routeOf(id)}/history/${revision}`),
  async save(id: FormId, request: SaveRequest): Promise<SaveReply> {
    const response = await fetch(`${API}/tiers/${routeOf(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return (await response.json()) as SaveReply;
  },
};
