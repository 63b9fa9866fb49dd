import { vi } from 'vitest';
import type * as webauthn from '@simplewebauthn/browser';

// The browser's passkey dialog is an edge of the panel: a test file mocks the library's calls the panel
// makes with vi.mock('@simplewebauthn/browser', () => import('./webauthn-mock')) and sets their answers.
export const browserSupportsWebAuthn = vi.fn<typeof webauthn.browserSupportsWebAuthn>(() => true);
export const startAuthentication = vi.fn<typeof webauthn.startAuthentication>();
export const startRegistration = vi.fn<typeof webauthn.startRegistration>();
