import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import panelTexts from '#content/panel.json';
import staffMessages from '#content/staff-messages.json';
import { storageTargets } from '../server/helpers/storage-targets';
import { browserAvailable, spawnOperator, useStaffServer } from './harness';
import { mailTo } from './mailbox';
import { expectAxeClean, staffPeople } from './panel-people';

// docs/decisions/staff.md: the staff panel as its people use it — the operator's invitation, a passkey made
// by Chromium's virtual authenticator (CDP WebAuthn), login and logout, an admin's invitation in the panel
// read from the development mailbox, roles that show and hide what a person may do, an admin's reset and the
// recovery mail. The real server process on SQLite and, with TEST_DATABASE_URL, on PostgreSQL; nothing of
// the server is called directly.

for (const target of storageTargets) {
  describe.skipIf(!browserAvailable())(`the staff panel in Chromium on ${target.name}`, () => {
    const run = useStaffServer(target);
    const { invite, person, registerOn: register } = staffPeople(() => run);
    /** The one link of a message in the development mailbox, on the panel's origin. */
    const mailedLink = async (kind: string, email: string) => {
      const links = (await mailTo(run.where.dataDir, kind, email)).text.match(/https?:\/\/\S+/g) ?? [];
      expect(links).toHaveLength(1);
      expect(links[0]!.startsWith(`${run.origin}/panel/`)).toBe(true);
      return links[0]!.slice(run.origin.length);
    };

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
      await again.goto(run.origin + (await invite('drugi@example.pl', 'auditor')));
      await again.getByRole('button', { name: panelTexts.invitation.button }).waitFor();
    });

    it('logs out with Wyloguj, and in again with the passkey, by keyboard alone', async () => {
      const { page } = await person();
      await register(page, await invite('klawiatura@example.pl', 'reviewer'));
      await page.getByRole('button', { name: panelTexts.nav.logout }).click();
      await page.getByRole('button', { name: panelTexts.login.button }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/panel/logowanie');
      await expectAxeClean(page);
      expect((await page.request.get(`${run.origin}/panel/api/session`)).status()).toBe(401);

      await page.goto(`${run.origin}/panel/logowanie`);
      await page.getByRole('button', { name: panelTexts.login.button }).waitFor();
      for (let tab = 0; tab < 10; tab += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (focused.includes(panelTexts.login.button)) break;
      }
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
      expect((await page.request.get(`${run.origin}/panel/api/session`)).status()).toBe(200);
    });

    it('refuses a passkey that did not verify its user, at registration as at login', async () => {
      // A page that asked the authenticator not to verify its user (as a tampered page could): the server's
      // own check must refuse what comes back without user verification.
      const withoutVerification = (page: Page, call: string, allowCredentials?: object[]) =>
        page.route(`${run.origin}/panel/api/${call}`, async (route) => {
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
      await careless.page.goto(run.origin + link);
      await careless.page.getByRole('button', { name: panelTexts.invitation.button }).click();
      await careless.page.getByText(staffMessages.passkeyRejected).waitFor();
      expect(new URL(careless.page.url()).pathname).toBe('/panel/zaproszenie');
      expect((await careless.page.request.get(`${run.origin}/panel/api/session`)).status()).toBe(401);

      // A passkey registered with verification, then used from an authenticator that cannot verify its user.
      const verified = await person();
      await register(verified.page, await invite('z-weryfikacja@example.pl', 'payout'));
      const [credential] = await verified.credentials();
      await careless.addCredential(credential!);
      // Named, as a page that knew it could ask: a discoverable passkey is otherwise offered only with
      // verification (its credential protection).
      const id = Buffer.from(credential!.credentialId, 'base64').toString('base64url');
      await withoutVerification(careless.page, 'login/options', [{ id, type: 'public-key' }]);
      await careless.page.goto(`${run.origin}/panel/logowanie`);
      await careless.page.getByRole('button', { name: panelTexts.login.button }).click();
      await careless.page.getByText(staffMessages.loginFailed).waitFor();
      expect((await careless.page.request.get(`${run.origin}/panel/api/session`)).status()).toBe(401);
    });

    it('an admin invites with Zaproś, the invitation comes by mail; the invited reviewer sees no team page, and the run.server refuses its calls', async () => {
      const admin = await person();
      await register(admin.page, await invite('admin2@example.pl', 'admin'));
      await admin.page.getByRole('link', { name: panelTexts.nav.team }).click();
      await admin.page.getByRole('heading', { level: 1, name: panelTexts.team.title }).waitFor();
      await admin.page.getByLabel(panelTexts.team.email).fill('recenzentka@example.pl');
      await admin.page.getByLabel(panelTexts.team.role).selectOption('reviewer');
      await admin.page.getByRole('button', { name: panelTexts.team.invite, exact: true }).click();
      await admin.page.getByText(/^Wysłaliśmy zaproszenie na adres recenzentka@example\.pl/).waitFor();
      // docs/decisions/staff.md#people-and-roles: the admin never sees the link.
      expect(await admin.page.locator('main').textContent()).not.toMatch(/zaproszenie#|https?:/);
      await expectAxeClean(admin.page);

      const link = await mailedLink('invitation', 'recenzentka@example.pl');
      expect(link).toMatch(/^\/panel\/zaproszenie#[\w-]{32}$/);
      const reviewer = await person();
      await register(reviewer.page, link);
      await expect.poll(() => reviewer.page.getByRole('link', { name: panelTexts.nav.team }).count()).toBe(0);
      const staff = await reviewer.page.evaluate(async () => (await fetch('/panel/api/staff')).status);
      expect(staff).toBe(403);
      await reviewer.page.goto(`${run.origin}/panel/zespol`);
      await reviewer.page.getByRole('heading', { level: 1, name: panelTexts.noAccess.title }).waitFor();
    });

    it('an admin changes no roles of their own, and resets a person, whose recovery mail gives them a new passkey', async () => {
      const admin = await person();
      await register(admin.page, await invite('ja@example.pl', 'admin'));
      await admin.page.getByRole('link', { name: panelTexts.nav.team }).click();
      const cardOf = (email: string) =>
        admin.page.getByRole('listitem').filter({
          has: admin.page.getByRole('heading', { level: 3, name: email, exact: true }),
        });
      const own = cardOf('ja@example.pl');
      await own.getByText(panelTexts.team.ownCard).waitFor();
      expect(await own.getByRole('checkbox').count()).toBe(0);
      expect(await own.getByRole('button', { name: panelTexts.team.reset }).count()).toBe(0);

      // A person who lost their passkey (or whose passkey is in the wrong hands): the admin resets them.
      const lost = await person();
      await register(lost.page, await invite('zgubiony@example.pl', 'reviewer'));
      await admin.page.reload();
      const card = cardOf('zgubiony@example.pl');
      await card.getByRole('button', { name: panelTexts.team.reset }).click();
      await card.getByRole('button', { name: panelTexts.team.resetYes }).click();
      await card.getByText(/^Zresetowano dostęp osobie zgubiony@example\.pl/).waitFor();
      expect(await admin.page.locator('main').textContent()).not.toMatch(/odzyskiwanie#|https?:/);
      await expectAxeClean(admin.page);
      // Their session ended with their passkeys.
      expect((await lost.page.request.get(`${run.origin}/panel/api/session`)).status()).toBe(401);

      const link = await mailedLink('staff-recovery', 'zgubiony@example.pl');
      expect(link).toMatch(/^\/panel\/odzyskiwanie#[\w-]{32}$/);
      const again = await person();
      await again.page.goto(run.origin + link);
      await again.page.getByRole('heading', { level: 1, name: panelTexts.recovery.title }).waitFor();
      await expectAxeClean(again.page);
      await again.page.getByRole('button', { name: panelTexts.invitation.button }).click();
      await again.page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
      expect(await again.credentials()).toHaveLength(1);

      // The passkey made from the link is named by the browser and system it was made on; it is the only one.
      await again.page.getByRole('link', { name: panelTexts.nav.passkeys }).click();
      const keys = again.page.getByRole('table', { name: panelTexts.passkeys.caption });
      await keys.getByRole('cell', { name: 'Chrome, Linux', exact: true }).waitFor();
      expect(await keys.getByRole('row').count()).toBe(2);
      // This session, opened by that passkey.
      const sessions = again.page.getByRole('table', { name: panelTexts.passkeys.sessions.caption });
      await sessions.getByRole('cell', { name: 'Chrome, Linux', exact: true }).waitFor();
      await sessions.getByText(`(${panelTexts.passkeys.sessions.current})`).waitFor();
    });

    it('leaves a whole audit trail of it all: logins, logouts, invitations, passkeys, the reset', async () => {
      const verified = await spawnOperator(['audit-verify'], run.where);
      expect(verified.exitCode).toBe(0);
      expect(verified.lines[0]).toMatchObject({ verified: true });
      expect(Number(verified.lines[0]!.entries)).toBeGreaterThanOrEqual(12);

      const auditor = await person();
      await register(auditor.page, await invite('audytorka@example.pl', 'auditor'));
      await auditor.page.getByRole('link', { name: panelTexts.nav.audit }).click();
      const table = auditor.page.getByRole('table', { name: panelTexts.audit.caption });
      await table.waitFor();
      for (const action of ['login', 'logout', 'invitation', 'passkey-added', 'access-reset'] as const)
        await expect
          .poll(() => table.getByText(panelTexts.audit.actions[action], { exact: true }).count())
          .toBeGreaterThan(0);
      await expectAxeClean(auditor.page);
    });

    it('loads nothing of the panel on a participant’s page', async () => {
      const page = await (await person()).page;
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${run.origin}/`);
      await page.waitForLoadState('networkidle');
      expect(requested.length).toBeGreaterThan(1);
      expect(requested.filter((pathname) => pathname.startsWith('/panel'))).toEqual([]);
    });
  });
}
