import type { Mail } from '../content-schemas/mail';

// The e-mails' texts (src/content/mail.json) name what their message carries as {placeholders}, and a part
// may name only what its message has: a reminder has no reference number, and the `received` message has no
// code, since it repeats nothing the statement carried (tiers III and VI type their code into it). Content
// validation checks every part against this table, and src/server/mail/compose.ts fills these names; the
// campaign facts (campaign-facts.ts) may be named anywhere besides.

/** What the link and the reminders carry; `claim` (how to claim) is part of both. */
const CLAIM = ['code', 'prize', 'tier', 'deadline', 'link'] as const;

/** Per top-level part of mail.json, the placeholders its message fills. */
export const MAIL_PLACEHOLDERS = {
  tierName: ['label'],
  link: CLAIM,
  reminder: CLAIM,
  claim: CLAIM,
  received: ['reference', 'tier', 'prize', 'receivedOn'],
  // `reason` is the sentence of the rejection's ground (src/content/review.json), empty on acceptance.
  verdict: ['reference', 'tier', 'prize', 'reason'],
  // Staff mail: the person's roles by name (src/content/panel.json), and the one-time link.
  invitation: ['roles', 'link'],
  staffRecovery: ['roles', 'link'],
  // docs/decisions/staff.md#passkey-notice: when a passkey was added or removed, on Warsaw's clock.
  passkeyChanged: ['date', 'time'],
  // docs/decisions/complaints.md#mail: the reference and the clock's days, nothing the person wrote; `reason`
  // the sentence of the decision's ground (src/content/complaints.json).
  complaintReceived: ['reference', 'deadline'],
  complaintAnswer: ['reference', 'receivedOn', 'reason'],
  // docs/decisions/prize-issue.md#shipped-mail: the carrier, the parcel's number and the day it was sent.
  shipped: ['reference', 'tier', 'prize', 'carrier', 'tracking', 'shippedOn'],
  staffFooter: [],
  footer: [],
} as const satisfies Record<keyof Mail, readonly string[]>;

export type MailPart = keyof typeof MAIL_PLACEHOLDERS;

/** The values a part's texts are filled with. */
export type MailValues<Part extends MailPart> = Record<(typeof MAIL_PLACEHOLDERS)[Part][number], string>;
