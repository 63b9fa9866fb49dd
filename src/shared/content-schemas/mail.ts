import type { FromSchema } from 'json-schema-to-ts';
import { text } from './parts';

/** Lines of an e-mail shown one under another (src/content/mail.json: a message's details, the footer). */
const lines = { type: 'array', minItems: 1, items: text } as const;
/** A message's subject, heading and intro, where a variant of it (the last day, a reserve) replaces them. */
const opening = {
  type: 'object',
  additionalProperties: false,
  required: ['subject', 'heading', 'intro'],
  properties: { subject: text, heading: text, intro: text },
} as const;

/**
 * src/content/mail.json: the texts of the e-mails to winners and to staff (src/server/mail/compose.ts). Every part is
 * required: a message missing one would go out with a hole in it. Which {placeholders} each part may use is
 * content-validation.ts's check (MAIL_PLACEHOLDERS).
 */
export const mailSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'tierName',
    'link',
    'reminder',
    'claim',
    'received',
    'verdict',
    'invitation',
    'staffRecovery',
    'passkeyChanged',
    'complaintReceived',
    'complaintAnswer',
    'shipped',
    'staffFooter',
    'footer',
  ],
  properties: {
    // How a tier is named in a sentence: "nagroda III stopnia", but "nagroda WinTo!".
    tierName: {
      type: 'object',
      additionalProperties: false,
      required: ['numbered', 'named'],
      properties: { numbered: text, named: text },
    },
    link: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'details', 'reserve'],
      properties: {
        subject: text,
        heading: text,
        intro: text,
        details: lines,
        // A prize passed to a reserve entry: its link mail replaces these three.
        reserve: opening,
      },
    },
    reminder: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'details', 'sentByPost', 'final'],
      properties: {
        subject: text,
        heading: text,
        intro: text,
        details: lines,
        sentByPost: text,
        // The reminder on the deadline's own day replaces these three.
        final: opening,
      },
    },
    // How to claim, in the link and in the reminders: by the link's hash, or by the code and its contact.
    claim: {
      type: 'object',
      additionalProperties: false,
      required: ['byLink', 'byCode', 'linkHint'],
      properties: {
        byLink: { $ref: '#/$defs/claimWay' },
        byCode: { $ref: '#/$defs/claimWay' },
        linkHint: text,
      },
    },
    received: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'details', 'next', 'keepReference'],
      properties: {
        subject: text,
        heading: text,
        intro: text,
        details: lines,
        next: text,
        keepReference: text,
      },
    },
    // docs/decisions/review.md#verdict-mail: the staff's final decision on a statement.
    verdict: {
      type: 'object',
      additionalProperties: false,
      required: ['details', 'accepted', 'rejected', 'complaintLink', 'keepReference'],
      properties: {
        details: lines,
        accepted: { $ref: '#/$defs/verdictOutcome' },
        rejected: { $ref: '#/$defs/verdictOutcome' },
        // docs/api.md "Complaints": a rejection's `next` leads to the complaint form, a link with this text.
        complaintLink: text,
        keepReference: text,
      },
    },
    // docs/decisions/staff.md#people-and-roles: staff mail, with a one-time link to register a passkey.
    invitation: { $ref: '#/$defs/staffMessage' },
    staffRecovery: { $ref: '#/$defs/staffMessage' },
    // docs/decisions/staff.md#passkey-notice: a passkey added to or removed from the person's account.
    passkeyChanged: {
      type: 'object',
      additionalProperties: false,
      required: ['added', 'removed', 'after'],
      properties: { added: opening, removed: opening, after: lines },
    },
    // docs/decisions/complaints.md#mail: a complaint's confirmation and its answer.
    complaintReceived: { $ref: '#/$defs/plainMessage' },
    // docs/decisions/prize-issue.md#shipped-mail: the prize's parcel is on its way.
    shipped: { $ref: '#/$defs/plainMessage' },
    complaintAnswer: {
      type: 'object',
      additionalProperties: false,
      required: ['details', 'upheld', 'rejected', 'late'],
      properties: {
        details: lines,
        upheld: { $ref: '#/$defs/verdictOutcome' },
        rejected: { $ref: '#/$defs/verdictOutcome' },
        late: text,
      },
    },
    staffFooter: lines,
    footer: lines,
  },
  $defs: {
    // A message with its details and two closing lines (a complaint's confirmation, a parcel sent).
    plainMessage: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'details', 'next', 'keepReference'],
      properties: {
        subject: text,
        heading: text,
        intro: text,
        details: lines,
        next: text,
        keepReference: text,
      },
    },
    staffMessage: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'action', 'linkText', 'after'],
      properties: { subject: text, heading: text, intro: text, action: text, linkText: text, after: lines },
    },
    verdictOutcome: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'next'],
      properties: { subject: text, heading: text, intro: text, next: text },
    },
    claimWay: {
      type: 'object',
      additionalProperties: false,
      required: ['action', 'linkText', 'note'],
      properties: { action: text, linkText: text, note: text },
    },
  },
} as const;

export type Mail = FromSchema<typeof mailSchema>;
