import { ConfigError } from '../config-error';

/** docs/decisions/staff.md#login: where the panel lives, from configuration, never from a request's headers. */
export interface PanelSettings {
  /** The panel's origin: PANEL_HOST's when set, else PUBLIC_URL's. Passkeys and Origin checks are bound to it. */
  origin: string;
  /** The WebAuthn relying party's id: the origin's host name. */
  rpId: string;
  /** The Host the panel answers to (PANEL_HOST, else PUBLIC_URL's host). */
  host: string;
  /** PANEL_HOST is set: other hosts get a 404 instead of a redirect to the panel's own. */
  hostOnly: boolean;
  /** The session cookie is Secure everywhere but on localhost (browsers treat http://localhost as secure). */
  secureCookie: boolean;
  /** docs/decisions/review.md#undo-window: how long a final decision may be undone before its mail goes. */
  undoWindowMs: number;
}

/** The contract's most: 2 minutes. */
export const UNDO_WINDOW_MAX_MS = 2 * 60_000;

const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i;

export function parsePanelSettings(env: NodeJS.ProcessEnv, publicUrl: string): PanelSettings {
  const panelHost = env.PANEL_HOST || undefined;
  if (panelHost !== undefined && !HOST.test(panelHost))
    throw new ConfigError(
      `PANEL_HOST musi być nazwą hosta panelu (z :port, gdy inny niż domyślny), np. panel.loteria.example.pl, a jest: ${panelHost}`,
    );
  const undo = env.UNDO_WINDOW_MS || undefined;
  const undoWindowMs = undo === undefined ? UNDO_WINDOW_MAX_MS : Number(undo);
  if (!Number.isInteger(undoWindowMs) || undoWindowMs < 1_000 || undoWindowMs > UNDO_WINDOW_MAX_MS)
    throw new ConfigError(
      `UNDO_WINDOW_MS musi być liczbą milisekund od 1000 do ${UNDO_WINDOW_MAX_MS} (czas na cofnięcie decyzji), a jest: ${undo}`,
    );
  const site = new URL(publicUrl);
  const origin = new URL(panelHost ? `${site.protocol}//${panelHost}` : site.origin);
  return {
    origin: origin.origin,
    rpId: origin.hostname,
    host: origin.host,
    hostOnly: panelHost !== undefined,
    secureCookie: origin.hostname !== 'localhost',
    undoWindowMs,
  };
}

/**
 * In production the panel's origin must be HTTPS: browsers make passkeys only in a secure context, and the
 * session cookie is Secure. (http://localhost counts as secure: a production server reached only through
 * localhost, e.g. over an SSH tunnel, may keep the default.) Returns the problem, or undefined.
 */
export function productionPanelProblem(settings: PanelSettings): string | undefined {
  if (settings.origin.startsWith('https:') || !settings.secureCookie) return undefined;
  return `panel pracowników działa tylko pod adresem https:// (klucze dostępu i ciasteczko sesji tego wymagają), a jego adres to ${settings.origin}. Ustaw PUBLIC_URL (albo PANEL_HOST) z https://.`;
}
