import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import panelTexts from '#content/panel.json';
import staffMessages from '#content/staff-messages.json';
import { spawnOperator } from '../server/helpers/operator';
import { storageTargets } from '../server/helpers/storage-targets';
import { browserAvailable, freePort, launchBrowser, type RunningServer, startServer } from './harness';
import { expectAxeClean, personWithAuthenticator } from './panel-people';

// docs/decisions/staff.md: the staff panel as its people use it — the operator's invitation, a passkey made
// by Chromium's virtual authenticator (CDP WebAuthn), login and logout, an admin's invitation in the panel,
// roles that show and hide what a person may do. The real server process on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL; nothing of the server is called directly.

for (const target of storageTargets) {
  describe.skipIf(!browserAvailable())(`the staff panel in Chromium on ${target.name}`, () => {
    let server: RunningServer;
    let browser: Browser;
    let origin: string;
    let where: { dataDir: string; databaseUrl: string | undefined; statementsKey: Buffer };
    let drop: () => Promise<void>;
    const contexts: BrowserContext[] = [];

    const invite = async (email: string, role: string) => {
      const invited = await spawnOperator(['staff-invite', email, role], where);
      expect(invited.exitCode).toBe(0);
      return String(invited.lines[0]!.link);
    };
    const person = async (canVerifyUser = true) => {
      const opened = await personWithAuthenticator(browser, canVerifyUser);
      contexts.push(opened.context);
      return opened;
    };
    const register = async (page: Page, link: string) => {
      await page.goto(origin + link);
      await page.getByRole('button', { name: panelTexts.invitation.button }).click();
      await page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
    };

    beforeAll(async () => {
      const opened = await target.open();
      await opened.storage.close();
      const statementsKey = randomBytes(32);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-panel-'));
      where = { dataDir, databaseUrl: opened.databaseUrl, statementsKey };
      drop = opened.drop;
      const port = await freePort();
      origin = `http://localhost:${port}`;
      [server, browser] = await Promise.all([
        startServer(
          {
            PORT: String(port),
            PUBLIC_URL: origin,
            STATEMENTS_KEY: statementsKey.toString('hex'),
            DATABASE_URL: opened.databaseUrl ?? '',
            MAIL: 'off',
          },
          dataDir,
        ),
        launchBrowser(),
      ]);
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await server?.stop();
      fs.rmSync(where.dataDir, { recursive: true, force: true });
      await drop();
    });

    it('registers a passkey from the operator’s invitation and lands on the first screen; axe finds nothing', async () => {
      const { page, credentials, context } = await person();
      await register(page, await invite('kierownik@example.pl', 'admin'));
      expect(new URL(page.url()).pathname).toBe('/panel');
      await page.getByRole('table', { name: panelTexts.overview.tiersCaption }).waitFor();
      expect(await credentials()).toHaveLength(1);
      const cookie = (await context.cookies()).find((c) => c.name === 'panel_session');
      // No Max-Age: the cookie ends with the browser (-1), the server's limits end the session sooner.
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/panel',
        secure: false,
        expires: -1,
      });
      await expectAxeClean(page);

      // The link worked once.
      const again = await (await person()).page;
      await again.goto(origin + (await invite('drugi@example.pl', 'auditor')));
      await again.getByRole('button', { name: panelTexts.invitation.button }).waitFor();
    });

    it('logs out with Wyloguj, and in again with the passkey, by keyboard alone', async () => {
      const { page } = await person();
      await register(page, await invite('klawiatura@example.pl', 'reviewer'));
      await page.getByRole('button', { name: panelTexts.nav.logout }).click();
      await page.getByRole('button', { name: panelTexts.login.button }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/panel/logowanie');
      await expectAxeClean(page);
      expect((await page.request.get(`${origin}/panel/api/session`)).status()).toBe(401);

      await page.goto(`${origin}/panel/logowanie`);
      await page.getByRole('button', { name: panelTexts.login.button }).waitFor();
      for (let tab = 0; tab < 10; tab += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (focused.includes(panelTexts.login.button)) break;
      }
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
      expect((await page.request.get(`${origin}/panel/api/session`)).status()).toBe(200);
    });

    it('refuses a passkey that did not verify its user, at registration as at login', async () => {
      // A page that asked the authenticator not to verify its user (as a tampered page could): the server's
      // own check must refuse what comes back without user verification.
      const withoutVerification = (page: Page, call: string, allowCredentials?: object[]) =>
        page.route(`${origin}/panel/api/${call}`, async (route) => {
          const response = await route.fetch();
          const json = (await response.json()) as { options?: Record<string, unknown> } & Record<
            string,
            unknown
          >;
          const options = (json.options ?? json) as Record<string, unknown> & {
            authenticatorSelection?: Record<string, unknown>;
          };
          if (options.authenticatorSelection)
            Object.assign(options.authenticatorSelection, {
              userVerification: 'discouraged',
              residentKey: 'discouraged',
              requireResidentKey: false,
            });
          else Object.assign(options, { userVerification: 'discouraged', allowCredentials });
          await route.fulfill({ response, json });
        });
      const careless = await person(false);
      await withoutVerification(careless.page, 'registration/options');
      const link = await invite('bez-weryfikacji@example.pl', 'payout');
      await careless.page.goto(origin + link);
      await careless.page.getByRole('button', { name: panelTexts.invitation.button }).click();
      await careless.page.getByText(staffMessages.passkeyRejected).waitFor();
      expect(new URL(careless.page.url()).pathname).toBe('/panel/zaproszenie');
      expect((await careless.page.request.get(`${origin}/panel/api/session`)).status()).toBe(401);

      // A passkey registered with verification, then used from an authenticator that cannot verify its user.
      const verified = await person();
      await register(verified.page, await invite('z-weryfikacja@example.pl', 'payout'));
      const [credential] = await verified.credentials();
      await careless.addCredential(credential!);
      // Named, as a page that knew it could ask: a discoverable passkey is otherwise offered only with
      // verification (its credential protection).
      const id = Buffer.from(credential!.credentialId, 'base64').toString('base64url');
      await withoutVerification(careless.page, 'login/options', [{ id, type: 'public-key' }]);
      await careless.page.goto(`${origin}/panel/logowanie`);
      await careless.page.getByRole('button', { name: panelTexts.login.button }).click();
      await careless.page.getByText(staffMessages.loginFailed).waitFor();
      expect((await careless.page.request.get(`${origin}/panel/api/session`)).status()).toBe(401);
    });

    it('an admin invites with Zaproś; the invited reviewer sees no team page, and the server refuses its calls', async () => {
      const admin = await person();
      await register(admin.page, await invite('admin2@example.pl', 'admin'));
      await admin.page.getByRole('link', { name: panelTexts.nav.team }).click();
      await admin.page.getByRole('heading', { level: 1, name: panelTexts.team.title }).waitFor();
      await admin.page.getByLabel(panelTexts.team.email).fill('recenzentka@example.pl');
      await admin.page.getByLabel(panelTexts.team.role).selectOption('reviewer');
      await admin.page.getByRole('button', { name: panelTexts.team.invite, exact: true }).click();
      const linkField = admin.page.getByLabel(panelTexts.team.link);
      await linkField.waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(new RegExp(`^${origin}/panel/zaproszenie#[\\w-]{32}$`));
      await expectAxeClean(admin.page);

      const reviewer = await person();
      await register(reviewer.page, new URL(link).pathname + new URL(link).hash);
      await expect.poll(() => reviewer.page.getByRole('link', { name: panelTexts.nav.team }).count()).toBe(0);
      const staff = await reviewer.page.evaluate(async () => (await fetch('/panel/api/staff')).status);
      expect(staff).toBe(403);
      await reviewer.page.goto(`${origin}/panel/zespol`);
      await reviewer.page.getByRole('heading', { level: 1, name: panelTexts.noAccess.title }).waitFor();
    });

    it('an admin gives themself more roles on Zespół (the README’s first step) and goes on working with them', async () => {
      const admin = await person();
      await register(admin.page, await invite('ja@example.pl', 'admin'));
      await admin.page.getByRole('link', { name: panelTexts.nav.team }).click();
      const own = admin.page.getByRole('listitem').filter({
        has: admin.page.getByRole('heading', { level: 3, name: 'ja@example.pl', exact: true }),
      });
      await own.getByText(panelTexts.team.ownRolesHint).waitFor();
      for (const role of ['reviewer', 'payout', 'auditor'] as const)
        await own.getByRole('checkbox', { name: panelTexts.roles[role] }).check();
      await own.getByRole('button', { name: panelTexts.team.saveRoles }).click();
      await own
        .getByText(/^Zapisano Twoje role: Weryfikacja oświadczeń, Wypłaty nagród, Administrator, Audytor\./)
        .waitFor();
      expect(new URL(admin.page.url()).pathname).toBe('/panel/zespol');
      await admin.page.getByRole('link', { name: panelTexts.nav.audit }).click();
      await admin.page.getByRole('heading', { level: 1, name: panelTexts.audit.title }).waitFor();

      // The passkey made at the invitation is named by the browser and system it was made on.
      await admin.page.getByRole('link', { name: panelTexts.nav.passkeys }).click();
      const keys = admin.page.getByRole('table', { name: panelTexts.passkeys.caption });
      await keys.getByRole('cell', { name: 'Chrome, Linux', exact: true }).waitFor();
      // This session, opened by that passkey at the invitation.
      const sessions = admin.page.getByRole('table', { name: panelTexts.passkeys.sessions.caption });
      await sessions.getByRole('cell', { name: 'Chrome, Linux', exact: true }).waitFor();
      await sessions.getByText(`(${panelTexts.passkeys.sessions.current})`).waitFor();
      await expectAxeClean(admin.page);
    });

    it('leaves a whole audit trail of it all: logins, logouts, invitations, passkeys', async () => {
      const verified = await spawnOperator(['audit-verify'], where);
      expect(verified.exitCode).toBe(0);
      expect(verified.lines[0]).toMatchObject({ verified: true });
      expect(Number(verified.lines[0]!.entries)).toBeGreaterThanOrEqual(12);

      const auditor = await person();
      await register(auditor.page, await invite('audytorka@example.pl', 'auditor'));
      await auditor.page.getByRole('link', { name: panelTexts.nav.audit }).click();
      const table = auditor.page.getByRole('table', { name: panelTexts.audit.caption });
      await table.waitFor();
      for (const action of ['login', 'logout', 'invitation', 'passkey-added'] as const)
        await expect
          .poll(() => table.getByText(panelTexts.audit.actions[action], { exact: true }).count())
          .toBeGreaterThan(0);
      await expectAxeClean(auditor.page);
    });

    it('loads nothing of the panel on a participant’s page', async () => {
      const page = await (await person()).page;
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${origin}/`);
      await page.waitForLoadState('networkidle');
      expect(requested.length).toBeGreaterThan(1);
      expect(requested.filter((pathname) => pathname.startsWith('/panel'))).toEqual([]);
    });
  });
}
