import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { panelCall } from './call';
import { ISSUE_STATUS } from './issue-calls';
import { ANY_JSON, array, BOOLEAN, nullable, NUMBER, object, passedOnAs, STRING } from './schema';

// docs/api.md#staff-panel: logging in and out, one's own passkeys and sessions, and the overview.

const NO_BODY = object({});
/** What the browser's WebAuthn ceremony answers: checked by the passkey library, not here. */
const CEREMONY = ANY_JSON;
const ID = object({ id: STRING });

export const SIGNED_IN = object({ email: STRING, roles: array(STRING) });
export const CREATION_OPTIONS = passedOnAs<PublicKeyCredentialCreationOptionsJSON>();
export const REQUEST_OPTIONS = passedOnAs<PublicKeyCredentialRequestOptionsJSON>();

export const PASSKEY = object(
  {
    id: STRING,
    /** Typed by its person or the browser and system it was made on; null for one made before names. */
    name: nullable(STRING),
    createdAt: STRING,
    lastUsedAt: nullable(STRING),
  },
  ['name'],
);

export const registrationOptionsCall = panelCall({
  method: 'POST',
  path: '/registration/options',
  access: 'public',
  rateLimited: true,
  body: object({ token: STRING }, ['token']),
  reply: object({ email: STRING, roles: array(STRING), options: CREATION_OPTIONS }),
});

export const registrationCall = panelCall({
  method: 'POST',
  path: '/registration',
  access: 'public',
  rateLimited: true,
  body: object({ token: STRING, response: CEREMONY }, ['token', 'response']),
  reply: SIGNED_IN,
});

export const loginOptionsCall = panelCall({
  method: 'POST',
  path: '/login/options',
  access: 'public',
  rateLimited: true,
  body: NO_BODY,
  reply: REQUEST_OPTIONS,
});

export const loginCall = panelCall({
  method: 'POST',
  path: '/login',
  access: 'public',
  rateLimited: true,
  body: object({ response: CEREMONY }, ['response']),
  reply: SIGNED_IN,
});

// docs/decisions/staff.md#passkey-check: the signed-in person proves one of their own passkeys again.
export const reauthOptionsCall = panelCall({
  method: 'POST',
  path: '/reauth/options',
  access: 'signed-in',
  rateLimited: true,
  body: NO_BODY,
  reply: REQUEST_OPTIONS,
});

export const reauthCall = panelCall({
  method: 'POST',
  path: '/reauth',
  access: 'signed-in',
  rateLimited: true,
  body: object({ response: CEREMONY }, ['response']),
  reply: 'nothing',
});

export const sessionCall = panelCall({
  method: 'GET',
  path: '/session',
  access: 'signed-in',
  reply: object({
    email: STRING,
    roles: array(STRING),
    /** How long the session lasts without a call. */
    idleMinutes: NUMBER,
    /** When it ends however busy (8 hours after login), an ISO instant. */
    endsAt: STRING,
  }),
});

export const logoutCall = panelCall({
  method: 'POST',
  path: '/logout',
  access: 'signed-in',
  body: NO_BODY,
  reply: 'nothing',
});

/** docs/decisions/staff.md#sessions: one's own live sessions, newest first. */
export const sessionsCall = panelCall({
  method: 'GET',
  path: '/sessions',
  access: 'signed-in',
  reply: array(
    object({
      createdAt: STRING,
      lastSeenAt: STRING,
      /** The passkey that opened it; null for one opened before sessions knew it. */
      passkey: nullable(object({ id: STRING, name: nullable(STRING), createdAt: STRING })),
      current: BOOLEAN,
    }),
  ),
});

export const logoutEverywhereCall = panelCall({
  method: 'POST',
  path: '/logout-everywhere',
  access: 'signed-in',
  body: NO_BODY,
  reply: 'nothing',
});

const COUNT = NUMBER;

/** docs/decisions/review.md#figures: what `status` and `mail-status` print. */
export const overviewCall = panelCall({
  method: 'GET',
  path: '/overview',
  access: 'signed-in',
  reply: object({
    tiers: array(
      object({
        tier: STRING,
        claims: COUNT,
        received: COUNT,
        waiting: COUNT,
        overdue: COUNT,
        accepted: COUNT,
        rejected: COUNT,
        reopened: COUNT,
        passedOn: COUNT,
      }),
    ),
    /** docs/decisions/prize-issue.md#figures: per tier, what `issue-status` prints. */
    issue: array(ISSUE_STATUS),
    /** spec §1: the last issue day, YYYY-MM-DD, which `issue`'s `late` counts against. */
    issueDeadline: STRING,
    mail: array(
      object({
        kind: STRING,
        queued: COUNT,
        sent: COUNT,
        failed: COUNT,
        oldestQueuedMinutes: nullable(NUMBER),
      }),
    ),
    /** docs/decisions/complaints.md#desk: the unanswered complaints, and those past their deadline. */
    complaints: object({ open: COUNT, overdue: COUNT }),
  }),
});

export const passkeysCall = panelCall({
  method: 'GET',
  path: '/passkeys',
  access: 'signed-in',
  reply: array(PASSKEY),
});

export const passkeyOptionsCall = panelCall({
  method: 'POST',
  path: '/passkeys/options',
  access: 'signed-in',
  body: NO_BODY,
  reply: CREATION_OPTIONS,
});

export const addPasskeyCall = panelCall({
  method: 'POST',
  path: '/passkeys',
  access: 'signed-in',
  body: object({ response: CEREMONY, name: nullable(STRING) }, ['response', 'name']),
  reply: PASSKEY,
});

export const removePasskeyCall = panelCall({
  method: 'DELETE',
  path: '/passkeys/:id',
  access: 'signed-in',
  params: ID,
  body: NO_BODY,
  reply: 'nothing',
});

export const SESSION_CALLS = [
  registrationOptionsCall,
  registrationCall,
  loginOptionsCall,
  loginCall,
  sessionCall,
  logoutCall,
  logoutEverywhereCall,
  sessionsCall,
  reauthOptionsCall,
  reauthCall,
  overviewCall,
  passkeysCall,
  passkeyOptionsCall,
  addPasskeyCall,
  removePasskeyCall,
] as const;
