// The answers of the panel's calls (docs/api.md#staff-panel), as the page reads them.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

export const ROLES = ['reviewer', 'approver', 'payout', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export interface Session {
  email: string;
  roles: string[];
  /** How long the session lasts without a call. */
  idleMinutes: number;
  /** When it ends however busy (8 hours after login), an ISO instant. */
  endsAt: string;
}

export interface SignedIn {
  email: string;
  roles: string[];
}

export interface InvitationOptions {
  email: string;
  roles: string[];
  options: PublicKeyCredentialCreationOptionsJSON;
}

export type LoginOptions = PublicKeyCredentialRequestOptionsJSON;
export type CreationOptions = PublicKeyCredentialCreationOptionsJSON;

export interface TierLine {
  tier: string;
  claims: number;
  received: number;
  waiting: number;
  overdue: number;
  rejected: number;
}

export interface MailLine {
  kind: string;
  queued: number;
  sent: number;
  failed: number;
  oldestQueuedMinutes: number | null;
}

export interface Overview {
  tiers: TierLine[];
  mail: MailLine[];
}

export interface Passkey {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface Person {
  id: string;
  email: string;
  roles: string[];
  passkeys: number;
  lastLoginAt: string | null;
  invitedUntil: string | null;
}

export interface Invitation {
  email: string;
  role: string;
  /** A path on the panel's own origin: /panel/zaproszenie#<token>. */
  link: string;
}

export interface AuditEntry {
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  reason: string | null;
  details: unknown;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The e-mails of the staff the entries name (as actor or subject), by id. */
  people: Record<string, string>;
  /** The `before` of the next, older page; null (or absent) on the last one. */
  next?: number | string | null;
}
