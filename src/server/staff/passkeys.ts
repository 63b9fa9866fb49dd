import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import messages from '#content/staff-messages.json';
import { isoAt, type Clock } from '../clock';
import type { Storage } from '../db';
import { insertChallenge, passkeyById, passkeysOf, passkeyUsed, takeChallenge } from '../db/staff';
import { DomainError } from '../domain-errors';
import { ANONYMOUS, recordAudit } from './audit';
import type { PanelSettings } from './settings';

/** docs/decisions/staff.md#login: how long the browser's passkey dialog may stay open. */
const CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = 'registration' | 'login' | 'reauth';

interface Ceremony {
  storage: Storage;
  clock: Clock;
  settings: PanelSettings;
}

async function keepChallenge(
  { storage, clock }: Ceremony,
  challenge: string,
  purpose: Purpose,
  staffId: string | null,
) {
  const nowMs = clock.real();
  await insertChallenge(
    storage.db,
    { challenge, purpose, staff_id: staffId, expires_at: isoAt(nowMs + CHALLENGE_TTL_MS) },
    isoAt(nowMs),
  );
}

/**
 * The challenge the browser signed, taken from the database once: a replayed or foreign answer finds none.
 * The library compares it with the signed client data again.
 */
async function answeredChallenge(
  { storage, clock }: Ceremony,
  clientDataJSON: unknown,
  purpose: Purpose,
): Promise<{ challenge: string; staffId: string | null }> {
  let challenge: unknown;
  try {
    challenge = (
      JSON.parse(Buffer.from(String(clientDataJSON), 'base64url').toString('utf8')) as { challenge?: unknown }
    ).challenge;
  } catch {
    challenge = undefined;
  }
  const row =
    typeof challenge === 'string' && challenge.length <= 128
      ? await takeChallenge(storage.db, challenge, purpose, isoAt(clock.real()))
      : undefined;
  if (!row) throw new DomainError('invalid', messages.passkeyRejected);
  return { challenge: challenge as string, staffId: row.staff_id };
}

/** Creation options for a person's new passkey: discoverable, user verification required. */
export async function registrationOptions(ceremony: Ceremony, person: { id: string; email: string }) {
  const existing = await passkeysOf(ceremony.storage.db, person.id);
  const options = await generateRegistrationOptions({
    rpName: messages.rpName,
    rpID: ceremony.settings.rpId,
    userID: new TextEncoder().encode(person.id),
    userName: person.email,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(ceremony, options.challenge, 'registration', person.id);
  return options;
}

/** docs/decisions/staff.md#passkey-names: a typed name's longest. */
const PASSKEY_NAME_MAX = 60;

// Product names, the same in every language: the browser and the system a passkey was made on.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];
const found = (userAgent: string, names: [RegExp, string][]) =>
  names.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * docs/decisions/staff.md#passkey-names: the name a person typed (trimmed, at most 60 characters), else the
 * browser and system it was made on ("Chrome, Windows"), else none (the panel names it by its day).
 */
export function passkeyName(typed: unknown, userAgent: string | undefined): string | null {
  const name = typeof typed === 'string' ? typed.replace(/\s+/g, ' ').trim() : '';
  if (name.length > PASSKEY_NAME_MAX) throw new DomainError('invalid', messages.passkeyNameTooLong);
  if (name !== '') return name;
  const made = [found(userAgent ?? '', BROWSERS), found(userAgent ?? '', SYSTEMS)].filter(Boolean);
  return made.length > 0 ? made.join(', ') : null;
}

/** Checks a new passkey made for `staffId`'s challenge: the row to keep (with what else the caller commits). */
export async function registerPasskey(
  ceremony: Ceremony,
  staffId: string,
  response: unknown,
  name: string | null,
) {
  const answer = response as RegistrationResponseJSON;
  const { challenge, staffId: challenged } = await answeredChallenge(
    ceremony,
    answer?.response?.clientDataJSON,
    'registration',
  );
  if (challenged !== staffId) throw new DomainError('invalid', messages.passkeyRejected);
  const verification = await verifyRegistrationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: ceremony.settings.origin,
    expectedRPID: ceremony.settings.rpId,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw new DomainError('invalid', messages.passkeyRejected);
  const { credential } = verification.registrationInfo;
  return {
    id: credential.id,
    staff_id: staffId,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    created_at: isoAt(ceremony.clock.real()),
    last_used_at: null,
    name,
  };
}

/** Request options for a login with any discoverable passkey of this panel, user verification required. */
export async function loginOptions(ceremony: Ceremony) {
  const options = await generateAuthenticationOptions({
    rpID: ceremony.settings.rpId,
    userVerification: 'required',
  });
  await keepChallenge(ceremony, options.challenge, 'login', null);
  return options;
}

const transportsOf = (passkey: { transports: string | null }) =>
  passkey.transports ? (JSON.parse(passkey.transports) as string[]) : undefined;

/** docs/decisions/staff.md#passkey-check: request options for one of the signed-in person's own passkeys. */
export async function reauthOptions(ceremony: Ceremony, staffId: string) {
  const options = await generateAuthenticationOptions({
    rpID: ceremony.settings.rpId,
    userVerification: 'required',
    allowCredentials: (await passkeysOf(ceremony.storage.db, staffId)).map((passkey) => ({
      id: passkey.id,
      transports: transportsOf(passkey),
    })),
  });
  await keepChallenge(ceremony, options.challenge, 'reauth', staffId);
  return options;
}

/** docs/decisions/staff.md#failed-logins: why a passkey did not open the panel (`login-failed`'s `failure`). */
type Failure = 'unknown-passkey' | 'bad-signature' | 'counter-not-increased';

/**
 * The passkey that signed a login challenge (`staffId` undefined) or a signed-in person's check (their id:
 * only their own passkeys count), its counter moved on; else a `not-proven` refusal, recorded as
 * `login-failed`.
 */
async function checkAssertion(ceremony: Ceremony, response: unknown, staffId?: string) {
  const during = staffId === undefined ? 'login' : 'reauth';
  const answer = response as AuthenticationResponseJSON;
  const challenged = await answeredChallenge(ceremony, answer?.response?.clientDataJSON, during);
  if (challenged.staffId !== (staffId ?? null)) throw new DomainError('invalid', messages.passkeyRejected);
  const failed = async (failure: Failure, person?: string) => {
    // docs/decisions/staff.md#failed-logins: the login calls' rate limit bounds how fast these are written.
    await recordAudit(ceremony.storage, ceremony.clock, {
      actor: person ?? ANONYMOUS,
      action: 'login-failed',
      subject: person,
      details: { failure, during },
    });
    return new DomainError('not-proven', messages.loginFailed);
  };
  const found = typeof answer.id === 'string' ? await passkeyById(ceremony.storage.db, answer.id) : undefined;
  const passkey = found && (staffId === undefined || found.staff_id === staffId) ? found : undefined;
  if (!passkey) throw await failed('unknown-passkey', staffId);
  const verify = (counter: number) =>
    verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenged.challenge,
      expectedOrigin: ceremony.settings.origin,
      expectedRPID: ceremony.settings.rpId,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter,
        transports: transportsOf(passkey),
      },
    }).catch(() => undefined);
  const verification = await verify(Number(passkey.counter));
  if (!verification?.verified) {
    // The library refuses a counter that did not go up before it looks at the signature: an answer that
    // verifies with the counter left out is a good signature from a passkey whose counter went back (a copy).
    const counterOnly = (await verify(0))?.verified === true;
    throw await failed(counterOnly ? 'counter-not-increased' : 'bad-signature', passkey.staff_id);
  }
  await passkeyUsed(
    ceremony.storage.db,
    passkey.id,
    verification.authenticationInfo.newCounter,
    isoAt(ceremony.clock.real()),
  );
  return { id: passkey.id, staffId: passkey.staff_id };
}

/** The passkey that signed the login challenge, and its person; or a `not-proven` refusal. */
export const checkLogin = (ceremony: Ceremony, response: unknown) => checkAssertion(ceremony, response);

/**
 * docs/decisions/staff.md#passkey-check: the signed-in person's own passkey signed their check; or a
 * `not-proven` refusal.
 */
export const checkReauth = (ceremony: Ceremony, staffId: string, response: unknown) =>
  checkAssertion(ceremony, response, staffId);
