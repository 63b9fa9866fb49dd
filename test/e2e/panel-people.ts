import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import panelTexts from '#content/panel.json';
import { spawnOperator, type StaffRun } from './harness';

// The staff panel's people in Chromium (test/e2e/panel.test.ts, review.test.ts): a passkey authenticator each,
// and the pages' accessibility check.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

/** A browser context with a passkey authenticator of its own, like a person's phone. */
export async function personWithAuthenticator(browser: Browser, canVerifyUser = true) {
  const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: canVerifyUser,
      isUserVerified: canVerifyUser,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  type Credential = Awaited<ReturnType<typeof credentials>>[number];
  /** A copy of another authenticator's passkey, private key and all (as if moved to another device). */
  const addCredential = (credential: Credential) =>
    cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  return { context, page, credentials, addCredential };
}

/**
 * The staff's steps on a staff run (harness.ts's useStaffServer, read once its beforeAll has run): the
 * operator's invitation, and people with an authenticator each who register a passkey from it.
 */
export function staffPeople(run: () => Pick<StaffRun, 'browser' | 'contexts' | 'origin' | 'where'>) {
  /** `npm run operator -- staff-invite`: the invitation's link (a path on the panel's origin). */
  const invite = async (email: string, role: string) => {
    const invited = await spawnOperator(['staff-invite', email, role], run().where);
    expect(invited.exitCode, invited.stderr).toBe(0);
    return String(invited.lines[0]!.link);
  };
  /** A person with an authenticator of their own, their context closed with the run. */
  const person = async (canVerifyUser = true) => {
    const opened = await personWithAuthenticator(run().browser, canVerifyUser);
    run().contexts.push(opened.context);
    return opened;
  };
  /** Registers a passkey on `page` from an invitation's link; the panel's first screen then shows. */
  const registerOn = async (page: Page, link: string) => {
    await page.goto(run().origin + link);
    await page.getByRole('button', { name: panelTexts.invitation.button }).click();
    await page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
  };
  /** A new person registered from an invitation's link: their page, on the panel's first screen. */
  const register = async (link: string) => {
    const { page } = await person();
    await registerOn(page, link);
    return page;
  };
  return { invite, person, registerOn, register };
}
