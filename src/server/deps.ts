import type { Clock } from './clock';
import type { Storage } from './db';

/** What the app and its routes work with: the database, the clock and the statements key. */
export interface AppDeps {
  storage: Storage;
  clock: Clock;
  /** AES-256-GCM key for the statements' PESEL, ID card, passport and IBAN (src/server/crypto/encryption.ts). */
  statementsKey: Buffer;
}
