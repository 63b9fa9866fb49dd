import { buildApp } from './app';
import { ensureClientBuild } from './client-build';
import { ConfigError, clockFor, loadConfig } from './config';
import { openStorage } from './db';
import { KeyError, loadStatementsKey } from './crypto';
import { importDemoIfEmpty } from './demo/demo';
import { validateContent } from '../shared/content-validation';
import { campaign, draws, prizes } from '../shared/campaign';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Błąd konfiguracji: ${error.message}`);
    throw error;
  }
  const contentErrors = validateContent({ campaign, draws, prizes });
  if (contentErrors.length > 0) fail(`Błędy w plikach treści:\n${contentErrors.join('\n')}`);

  if (process.argv.includes('--build-if-stale')) {
    await ensureClientBuild(process.cwd(), config.clientDir, (line) => process.stdout.write(`${line}\n`));
  }

  let statementsKey;
  try {
    statementsKey = loadStatementsKey({
      statementsKey: config.statementsKey,
      dataDir: config.dataDir,
      create: true,
    });
  } catch (error) {
    if (error instanceof KeyError) fail(`Błąd klucza szyfrowania: ${error.message}`);
    throw error;
  }
  const storage = await openStorage(config);
  const demoLinks = config.demo ? await importDemoIfEmpty(storage, config.dataDir) : undefined;
  const app = await buildApp(config, { storage, now: clockFor(config), statementsKey: statementsKey.key });
  if (statementsKey.createdFile) {
    // Issue 5: said once, on the start that created it. Losing this file makes stored statements unreadable.
    app.log.warn(
      { file: statementsKey.createdFile },
      'created the statements encryption key file: back it up',
    );
  }
  if (demoLinks)
    app.log.info(
      { linksFile: demoLinks },
      'imported the demo winners (fictional codes); DEMO=0 turns this off',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections and waits for requests in flight; then the database goes.
    await app.close();
    await storage.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  fail(`Serwer nie wystartował: ${name}: ${message}`);
});
