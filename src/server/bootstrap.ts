import { contentFiles, validateContent } from '#shared/content-validation.ts';
import { clockFor, type Clock } from './clock';
import { loadConfig, type ServerConfig } from './config';
import { ConfigError } from './config-error';
import {
  KeyError,
  loadAuditKey,
  loadStatementsKey,
  type LoadedKey,
  type LoadedKeyFile,
} from './crypto/encryption';
import { openStorage, type Storage } from './db';
import { sealPlainTrail, writeAuditHead } from './staff/audit';
import { prepareStatementsKey } from './statements/keys';

/**
 * Why the server or a command cannot start, as one Polish message for the person who started it, with what
 * was said before the failure (a key file just created must still be reported, to be backed up).
 */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly notices: StartupNotice[] = [],
  ) {
    super(message);
  }
}

/** Something said once at start-up: a sentence for a person, a line for a log collector. */
export interface StartupNotice {
  text: string;
  log: { level: 'info' | 'warn'; data: object; message: string };
}

/** What the server and the operator's commands both stand on. */
export interface Opened {
  config: ServerConfig;
  clock: Clock;
  storage: Storage;
  key: LoadedKey;
  notices: StartupNotice[];
}

const explained = (heading: string, error: unknown, notices: StartupNotice[] = []): never => {
  throw error instanceof ConfigError || error instanceof KeyError
    ? new StartupError(`${heading}: ${error.message}`, notices)
    : error;
};

/**
 * The one start-up of the server and of every operator command: the configuration, the content files, the
 * statements key (created on first start, then checked against the one the database's statements are
 * sealed with, docs/decisions/storage.md#statements-key), the audit trail's key (created on first start as
 * well, docs/decisions/staff.md#keyed-chain) and the storage. A mistake throws a StartupError saying what
 * to fix.
 */
export async function openServerParts(env: NodeJS.ProcessEnv, terminal: boolean): Promise<Opened> {
  let config: ServerConfig;
  try {
    config = loadConfig(env, terminal);
  } catch (error) {
    return explained('Błąd konfiguracji', error);
  }
  const contentErrors = validateContent(contentFiles);
  if (contentErrors.length > 0)
    throw new StartupError(`Błędy w plikach treści:\n${contentErrors.join('\n')}`);
  let key: LoadedKey;
  try {
    key = loadStatementsKey({ ...config, previousKeys: config.statementsPreviousKeys, create: true });
  } catch (error) {
    return explained('Błąd klucza szyfrowania', error);
  }
  let auditKey: LoadedKeyFile;
  try {
    auditKey = loadAuditKey({ ...config, create: true });
  } catch (error) {
    return explained('Błąd klucza dziennika zdarzeń', error);
  }
  const notices: StartupNotice[] = [];
  if (key.createdFile) {
    // docs/decisions/storage.md#statements-key: said once, on the start that created it. Losing this file
    // makes stored statements unreadable.
    notices.push({
      text: `Utworzono plik klucza szyfrowania oświadczeń ${key.createdFile} — zrób jego kopię zapasową: bez niego zapisanych oświadczeń nie da się odczytać.`,
      log: {
        level: 'warn',
        data: { file: key.createdFile },
        message: 'created the statements encryption key file: back it up',
      },
    });
  }
  if (auditKey.createdFile) {
    // docs/decisions/staff.md#keyed-chain: without this key nobody can prove the trail whole.
    notices.push({
      text: `Utworzono plik klucza dziennika zdarzeń ${auditKey.createdFile} — zrób jego kopię zapasową (nie razem z kopiami bazy): bez niego nie da się dowieść, że dziennik zdarzeń jest nienaruszony.`,
      log: {
        level: 'warn',
        data: { file: auditKey.createdFile },
        message: 'created the audit trail key file: back it up, apart from the database backups',
      },
    });
  }
  const storage = await openStorage({
    ...config,
    keysDir: config.yearKeysDir,
    audit: { key: auditKey.key, headFile: config.auditHeadFile },
  });
  const clock = clockFor(config.campaignNowMs);
  let resealed: number;
  try {
    resealed = await prepareStatementsKey(storage, key);
  } catch (error) {
    await storage.close();
    return explained('Błąd klucza szyfrowania', error, notices);
  }
  if (resealed > 0) {
    notices.push({
      text: `Oświadczenia zaszyfrowane ponownie bieżącym kluczem: ${resealed}.`,
      log: {
        level: 'info',
        data: { statements: resealed },
        message: 'resealed statements with the current key',
      },
    });
  }
  try {
    const sealed = await sealPlainTrail(storage, clock);
    if (sealed) {
      notices.push({
        text: `Dziennik zdarzeń podpisano kluczem: ${sealed.seq} wcześniejszych wpisów potwierdza wpis nr ${sealed.seq + 1}.`,
        log: {
          level: 'info',
          data: { plainEntries: sealed.seq },
          message: 'sealed the plain audit trail with its key',
        },
      });
    }
    await writeAuditHead(storage);
  } catch (error) {
    await storage.close();
    return explained('Błąd dziennika zdarzeń', error, notices);
  }
  return { config, clock, storage, key, notices };
}
