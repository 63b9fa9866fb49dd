import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { closeWithin } from './http/node-server';
import { openServerParts, StartupError, type StartupNotice } from './bootstrap';
import { importDemoIfEmpty } from './demo/demo';
import { productionMailProblem } from './mail/settings';
import { startMail } from './mail/start';
import { startDailyRetention } from './retention/daily';
import { productionPanelProblem } from './staff/settings';

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
  let opened;
  try {
    opened = await openServerParts(process.env, Boolean(process.stdout.isTTY));
  } catch (error) {
    if (error instanceof StartupError) {
      for (const notice of error.notices) process.stderr.write(`${notice.text}\n`);
      fail(error.message);
    }
    throw error;
  }
  const { config, clock, storage, key, notices } = opened;
  const problem = config.production
    ? (productionMailProblem(process.env, config.mail) ?? productionPanelProblem(config.panel))
    : undefined;
  if (problem) {
    await storage.close();
    fail(`Błąd konfiguracji: ${problem}`);
  }
  const demoLinks = config.demo
    ? await importDemoIfEmpty(storage, config.dataDir, key.key, clock)
    : undefined;
  const app = await buildApp(config, { storage, clock, statementsKey: key.key });
  // docs/decisions/operations.md#logs: a person at a terminal reads plain Polish lines; a log collector reads
  // JSON.
  const tell = ({ text, log }: StartupNotice) =>
    config.interactive ? process.stdout.write(`${text}\n`) : app.log[log.level](log.data, log.message);
  notices.forEach(tell);
  const mail = startMail(config, { storage, clock, key, log: app.log });
  const retention = config.retention ? startDailyRetention({ storage, clock, key, log: app.log }) : undefined;
  if (mail?.mailbox)
    tell({
      text: `Poczta trafia do skrzynki deweloperskiej: ${mail.mailbox} (lista: npm run operator -- mailbox).`,
      log: {
        level: 'info',
        data: { mailbox: mail.mailbox },
        message: 'mail goes to the development mailbox',
      },
    });
  if (demoLinks)
    tell({
      text: `Wczytano dane demonstracyjne (fikcyjne kody); linki do ich oświadczeń: ${demoLinks}. DEMO=0 je wyłącza.`,
      log: {
        level: 'info',
        data: { linksFile: demoLinks },
        message: 'imported the demo winners (fictional codes); DEMO=0 turns this off',
      },
    });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
    // docs/decisions/security.md#slow-clients-and-shutdown: should closing the database hang too, the process
    // still ends soon after the deadline.
    setTimeout(() => {
      app.log.error('shutdown did not finish: exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_GRACE_MS).unref();
    // No new connections; requests in flight may finish until the deadline; then the database goes.
    if ((await closeWithin(app, config.shutdownTimeoutMs)) === 'forced') {
      app.log.warn('shutdown deadline passed: closed the connections still open');
    }
    // What is being sent is finished and recorded; the rest waits in the outbox for the next start.
    await mail?.stop();
    await retention?.stop();
    await storage.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  if (config.interactive) {
    process.stdout.write(`Strona działa: ${siteUrl(config.host, port)} (Ctrl+C zatrzymuje serwer)\n`);
    // docs/api.md#staff-panel: at its own origin, where passkeys work (localhost, not 127.0.0.1).
    process.stdout.write(
      `Panel pracowników: ${config.panel.origin}/panel (zaproszenie: npm run operator -- staff-invite <e-mail> admin)\n`,
    );
  }
}

main().catch((error: unknown) => {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  fail(`Serwer nie wystartował: ${name}: ${message}`);
});
