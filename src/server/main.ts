import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { closeWithin } from './node-server';
import { ConfigError, clockFor, loadConfig } from './config';
import { openStorage } from './db';
import { KeyError, loadStatementsKey } from './crypto';
import { importDemoIfEmpty } from './demo/demo';
import { prepareStatementsKey } from './statements/keys';
import { contentFiles, validateContent } from '#shared/content-validation.ts';

/** After the shutdown deadline has closed the connections, how long closing the database may take. */
const SHUTDOWN_GRACE_MS = 1_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Where a person opens the site: localhost for a server listening on every address. */
function siteUrl(host: string, port: number): string {
  return `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Błąd konfiguracji: ${error.message}`);
    throw error;
  }
  const contentErrors = validateContent(contentFiles);
  if (contentErrors.length > 0) fail(`Błędy w plikach treści:\n${contentErrors.join('\n')}`);

  let statementsKey;
  try {
    statementsKey = loadStatementsKey({
      ...config,
      previousKeys: config.statementsPreviousKeys,
      create: true,
    });
  } catch (error) {
    if (error instanceof KeyError) fail(`Błąd klucza szyfrowania: ${error.message}`);
    throw error;
  }
  const storage = await openStorage(config);
  let resealed;
  try {
    // Issue 10 §4: the key must be the one the database's statements are sealed with.
    resealed = await prepareStatementsKey(storage, statementsKey);
  } catch (error) {
    await storage.close();
    if (error instanceof KeyError) fail(`Błąd klucza szyfrowania: ${error.message}`);
    throw error;
  }
  const demoLinks = config.demo
    ? await importDemoIfEmpty(storage, config.dataDir, statementsKey.key)
    : undefined;
  const app = await buildApp(config, { storage, now: clockFor(config), statementsKey: statementsKey.key });
  // Issue 26: a person at a terminal reads plain Polish lines; a log collector reads JSON.
  const tell = (line: string, log: () => void) =>
    config.interactive ? process.stdout.write(`${line}\n`) : log();
  const createdKeyFile = statementsKey.createdFile;
  if (createdKeyFile) {
    // Issue 5: said once, on the start that created it. Losing this file makes stored statements unreadable.
    tell(
      `Utworzono klucz szyfrowania oświadczeń ${createdKeyFile} — zrób jego kopię zapasową: bez niego zapisanych oświadczeń nie da się odczytać.`,
      () => app.log.warn({ file: createdKeyFile }, 'created the statements encryption key file: back it up'),
    );
  }
  if (resealed > 0)
    tell(`Oświadczenia zaszyfrowane ponownie bieżącym kluczem: ${resealed}.`, () =>
      app.log.info({ statements: resealed }, 'resealed statements with the current key'),
    );
  if (demoLinks)
    tell(
      `Wczytano dane demonstracyjne (fikcyjne kody); linki do ich oświadczeń: ${demoLinks}. DEMO=0 je wyłącza.`,
      () =>
        app.log.info(
          { linksFile: demoLinks },
          'imported the demo winners (fictional codes); DEMO=0 turns this off',
        ),
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
    // Issue 10: should closing the database hang too, the process still ends soon after the deadline.
    setTimeout(() => {
      app.log.error('shutdown did not finish: exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_GRACE_MS).unref();
    // No new connections; requests in flight may finish until the deadline; then the database goes.
    if ((await closeWithin(app, config.shutdownTimeoutMs)) === 'forced') {
      app.log.warn('shutdown deadline passed: closed the connections still open');
    }
    await storage.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  tell(`Strona działa: ${siteUrl(config.host, port)} (Ctrl+C zatrzymuje serwer)`, () => {});
}

main().catch((error: unknown) => {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  fail(`Serwer nie wystartował: ${name}: ${message}`);
});
