import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

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
