import fs from 'node:fs';
import { ConfigError, clockFor, loadConfig, type ServerConfig } from '../config';
import { openStorage, type Storage } from '../db';
import { insertOptout } from '../db/optouts';
import { findClaimsByCode, replaceClaimHash } from '../db/claims';
import { rejectStatementsOfClaims } from '../db/statements';
import { prizes, tierById, type Tier } from '#shared/campaign.ts';
import { isEmailAddress } from '#shared/statement/checksums.ts';
import { newLinkHash } from '../secrets';
import { KeyError, loadStatementsKey, type LoadedKey } from '../crypto';
import { prepareStatementsKey } from '../statements/keys';
import { parseWinnersFile, WinnersFileError } from '../winners/import-file';
import { importWinnersFile } from '../winners/import';
import { exportOptouts, exportStatements, OperatorError, purgeStatements } from './exports';
import { progressOnTerminal } from './progress';
import { tierStatus } from './status';

// The operator's commands (issue 5, API.md): JSON lines on stdout, a clear message and exit 1 on error.
// They open the same database as the server (DATA_DIR or DATABASE_URL) and may run while it serves.

class UsageError extends Error {}

interface Context {
  config: ServerConfig;
  storage: Storage;
  key: LoadedKey;
  args: string[];
  emit(line: object): void;
}

// The tiers as the commands name them, from the tier registry.
const hashTiers = prizes.tiers.filter((tier) => tier.claimBy === 'hash');
const ids = (tiers: Tier[]) => tiers.map((tier) => tier.id);
const listed = (tiers: Tier[]) => `${ids(tiers).slice(0, -1).join(', ')} lub ${ids(tiers).at(-1)}`;

function positional(args: string[], what: string): string {
  const value = args[0];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`brak argumentu: ${what}`);
  return value;
}

function option(args: string[], name: string, what: string): string {
  const at = args.indexOf(name);
  const value = at === -1 ? undefined : args[at + 1];
  if (value === undefined) throw new UsageError(`brak opcji ${name} <${what}>`);
  return value;
}

const commands: Record<string, { usage: string; run(context: Context): Promise<void> }> = {
  'import-winners': {
    usage: 'import-winners <plik.json>',
    async run({ storage, key, args, emit }) {
      const file = positional(args, 'plik.json');
      const winners = parseWinnersFile(fs.readFileSync(file, 'utf8'));
      const result = await importWinnersFile(storage, winners, {
        statementsKey: key.key,
        nowIso: new Date().toISOString(),
        progress: progressOnTerminal('Import: zapisane rekordy'),
      });
      for (const line of result.lines) emit(line);
      if (result.removedDemo) {
        const { records, claims, statements } = result.removedDemo;
        process.stderr.write(
          `Usunięto dane przykładowe (demo): ${records} rekordów, ${claims} zgłoszeń, ${statements} oświadczeń.\n`,
        );
      }
      process.stderr.write(
        `Zaimportowano ${result.records} rekordów (${result.changedRecords} nowych lub zmienionych), ` +
          `nowych zgłoszeń: ${result.lines.length}.\n`,
      );
    },
  },
  'reissue-link': {
    usage: `reissue-link <kod> <${ids(hashTiers).join('|')}>`,
    // Only digests are stored, so a lost link cannot be printed again: this makes a new one (the old stops working).
    async run({ storage, args, emit }) {
      const [code, tierId] = args;
      const tier = tierId === undefined ? undefined : tierById(tierId);
      if (!code || !tier) throw new UsageError(`podaj kod i kategorię (${listed(hashTiers)})`);
      if (tier.claimBy !== 'hash')
        throw new UsageError(`kategoria ${tier.id} nie używa linku z hashem: ${tier.path}`);
      const claims = (await findClaimsByCode(storage.db, code, tier.id)).filter(
        (claim) => !claim.has_statement,
      );
      if (claims.length === 0)
        throw new UsageError(`brak zgłoszenia bez oświadczenia dla kodu ${code} w kategorii ${tier.id}`);
      for (const claim of claims) {
        const { hash, digest } = newLinkHash();
        await replaceClaimHash(storage.db, claim.id, digest);
        emit({ code, award: claim.prize, tier: tier.id, link: `${tier.path}?hash=${hash}` });
      }
    },
  },
  'reopen-claim': {
    usage: `reopen-claim <kod> <${ids(prizes.tiers).join('|')}>`,
    // When the operator finds a statement sent by someone else, this rejects it (kept as evidence, marked
    // rejected) so the real winner can send theirs.
    async run({ storage, args, emit }) {
      const [code, tierId] = args;
      const tier = tierId === undefined ? undefined : tierById(tierId);
      if (!code || !tier) throw new UsageError(`podaj kod i kategorię (${listed(prizes.tiers)})`);
      const claims = await findClaimsByCode(storage.db, code, tier.id);
      if (claims.length === 0)
        throw new UsageError(`brak zgłoszenia dla kodu ${code} w kategorii ${tier.id}`);
      const rejected = await rejectStatementsOfClaims(
        storage.db,
        claims.map((claim) => claim.id),
        new Date().toISOString(),
      );
      emit({ code, tier: tier.id, rejected });
    },
  },
  'issue-optout': {
    usage: 'issue-optout <email>',
    async run({ storage, args, emit }) {
      const email = positional(args, 'email').trim();
      if (email.length > 254 || !isEmailAddress(email))
        throw new UsageError(`nieprawidłowy adres e-mail: ${email}`);
      const { hash, digest } = newLinkHash();
      await insertOptout(storage.db, {
        hash_digest: digest,
        email,
        issued_at: new Date().toISOString(),
        resigned_at: null,
      });
      emit({ email, link: `/?action=rezygnacja&hash=${hash}` });
    },
  },
  'export-statements': {
    usage: 'export-statements --out <plik.csv>',
    async run(context) {
      context.emit(
        await exportStatements(context.storage, context.key, option(context.args, '--out', 'plik.csv')),
      );
    },
  },
  'export-optouts': {
    usage: 'export-optouts --out <plik.csv>',
    async run(context) {
      context.emit(await exportOptouts(context.storage, option(context.args, '--out', 'plik.csv')));
    },
  },
  status: {
    usage: 'status',
    async run({ storage, config, emit }) {
      for (const line of await tierStatus(storage, clockFor(config)())) emit(line);
    },
  },
  'purge-statements': {
    usage: 'purge-statements --before <RRRR-MM-DD>',
    async run(context) {
      context.emit(await purgeStatements(context.storage, option(context.args, '--before', 'RRRR-MM-DD')));
    },
  },
};

function usage(): string {
  return `Użycie: npm run operator -- <polecenie>\n${Object.values(commands)
    .map((command) => `  ${command.usage}`)
    .join('\n')}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (!command) {
    process.stderr.write(`${name === undefined ? '' : `Nieznane polecenie: ${name}\n`}${usage()}\n`);
    return 1;
  }
  let storage: Storage | undefined;
  try {
    const config = loadConfig();
    // The same key as the server's, checked against the database's (issue 10 §4): import-winners keys the
    // contact digests with it, export-statements opens the statements.
    const key = loadStatementsKey({ ...config, previousKeys: config.statementsPreviousKeys, create: true });
    if (key.createdFile) {
      process.stderr.write(
        `Utworzono plik klucza szyfrowania ${key.createdFile}: zrób jego kopię zapasową.\n`,
      );
    }
    storage = await openStorage(config);
    const resealed = await prepareStatementsKey(storage, key);
    if (resealed > 0)
      process.stderr.write(`Zaszyfrowano ponownie bieżącym kluczem: ${resealed} oświadczeń.\n`);
    await command.run({
      config,
      storage,
      key,
      args,
      emit: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
    });
    return 0;
  } catch (error) {
    const known = [UsageError, OperatorError, ConfigError, WinnersFileError, KeyError].some(
      (kind) => error instanceof kind,
    );
    const { name: kind, message } = error instanceof Error ? error : new Error(String(error));
    process.stderr.write(`Błąd: ${known ? message : `${kind}: ${message}`}\n`);
    if (error instanceof UsageError) process.stderr.write(`${usage()}\n`);
    return 1;
  } finally {
    await storage?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
