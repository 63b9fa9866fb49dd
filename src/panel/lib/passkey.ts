import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { reauthCall, reauthOptionsCall } from '#shared/panel-api/session-calls.ts';
import type { PanelCall } from '#shared/panel-api/call.ts';
import { PanelApiError, PanelError, request, type AnswersJson, type CallArgs } from './api';
import { texts } from './texts';

// The browser's passkey dialog, with its failures said in Polish. The names are the WebAuthn errors'
// (the library keeps them): NotAllowedError is a dialog closed or timed out, InvalidStateError a key
// already registered for this person.

function passkeyError(error: unknown): PanelError {
  // A DOMException, which is not an Error in every engine.
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new PanelError(texts.passkey.cancelled);
  if (name === 'InvalidStateError') return new PanelError(texts.passkey.alreadyRegistered);
  if (name === 'NotSupportedError') return new PanelError(texts.passkey.unsupported);
  return new PanelError(texts.passkey.failed);
}

/** Throws the Polish "unsupported" before any call is made, so no challenge is asked for in vain. */
export function requireWebAuthn() {
  if (!browserSupportsWebAuthn()) throw new PanelError(texts.passkey.unsupported);
}

export async function authenticate(optionsJSON: PublicKeyCredentialRequestOptionsJSON) {
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw passkeyError(error);
  }
}

export async function register(optionsJSON: PublicKeyCredentialCreationOptionsJSON) {
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw passkeyError(error);
  }
}

/**
 * docs/decisions/staff.md#passkey-check: a call that changes one's passkeys. When the server asks for a
 * passkey again (428), the person is told (`checking`), proves one of their own, and the call goes again. A
 * passkey that does not check is an answer to show, not the session's end.
 */
export async function requestWithPasskeyCheck<C extends PanelCall>(
  call: C & AnswersJson<C>,
  checking: () => void,
  ...args: CallArgs<C>
) {
  try {
    return await request<C>(call, ...args);
  } catch (error) {
    if (!(error instanceof PanelApiError && error.status === 428)) throw error;
  }
  checking();
  requireWebAuthn();
  const options = await request(reauthOptionsCall);
  const response = await authenticate(options);
  await request(reauthCall, { body: { response }, sessionless: true });
  return request<C>(call, ...args);
}
