import { describe, expect, it } from 'vitest';
import { browserAvailable, gotoHydrated, newContext, useServerAndBrowser } from './harness';

interface ReportLine {
  level: number;
  report?: { kind: string; message?: string; path?: string };
}

describe.runIf(browserAvailable())('error reports from the page in Chromium (spec §7)', () => {
  const running = useServerAndBrowser();

  const reports = () =>
    running.server.logs
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as ReportLine)
      .filter((line) => line.report !== undefined);

  it('an error and a rejection nothing caught reach the server log, scrubbed, under the strict CSP', async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) refused.push(message.text());
    });
    await gotoHydrated(page, `${running.server.url}/?utm_source=12345678`);

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('rzucony błąd testowy');
      });
      void Promise.reject(new Error('odrzucone dla jan@example.com'));
    });

    await expect.poll(() => reports().length).toBe(2);
    const logged = reports().map((line) => ({ level: line.level, ...line.report }));
    expect(logged).toEqual(
      expect.arrayContaining([
        { level: 40, kind: 'unhandled', message: 'Uncaught Error: rzucony błąd testowy', path: '/' },
        { level: 40, kind: 'unhandled', message: 'odrzucone dla <e-mail>', path: '/' },
      ]),
    );
    expect(running.server.logs.join('\n')).not.toContain('12345678');
    expect(refused).toEqual([]);
    await context.close();
  });
});
