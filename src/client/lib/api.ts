// spec §7: the API base depends on the host. The site and its API share an origin, so the default is
// /api; a build for another host sets VITE_API_BASE.
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

export function apiUrl(path: string): string {
  return `${API_BASE}/${path.replace(/^\//, '')}`;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The `message` field of an error body, or '' when there is none (spec §8). */
export async function errorMessageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}
