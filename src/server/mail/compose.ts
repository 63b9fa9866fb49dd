import mailJson from '#content/mail.json';
import panelJson from '#content/panel.json';
import { prizes, tierById, type PrizeKey, type Tier, type TierId } from '#shared/campaign.ts';
import type { Mail } from '#shared/content-schemas/mail.ts';
import type { MailValues } from '#shared/content/mail-placeholders.ts';
import { longPolishDate } from '#shared/content/polish-dates.ts';
import { fill } from '#shared/content/template.ts';
import { bindAmounts, campaignFacts } from '#shared/content/texts.ts';
import { formatIsoDate, formatWarsawDateTime, warsawCalendarDate } from '#shared/warsaw-time.ts';
import type { StaffLinkMailKind, StaffMailKind } from '../db/types';

// The e-mails to winners and to staff, composed from src/content/mail.json: what each one says is the
// editors', how it is laid out is here. Each has a plain-text part and a short HTML part saying the same;
// nothing in either is personal beyond the winning code (no name, no contact, nothing a statement carried),
// and the HTML loads nothing (no images, no external styles, no tracking).

export type MailKind =
  'link' | 'reminder' | 'received' | 'verdict' | 'shipped' | StaffMailKind | ComplaintMailFacts['kind'];

interface ClaimFacts {
  tier: TierId;
  prize: PrizeKey;
  code: string;
}

/**
 * docs/decisions/staff.md#people-and-roles: a staff member's one-time link to register a passkey (url
 * absolute, on the panel's origin), and their roles.
 */
export interface StaffMailFacts {
  kind: StaffLinkMailKind;
  url: string;
  roles: string[];
}

/** docs/decisions/staff.md#passkey-notice: a passkey added to or removed from the person's account, `at` then. */
export interface PasskeyNoticeFacts {
  kind: 'passkey-changed';
  change: 'added' | 'removed';
  /** An ISO instant. */
  at: string;
}

/**
 * docs/decisions/complaints.md#mail: a complaint's confirmation (its reference and the answer's last day) and
 * its answer (the decision's sentence from src/content/complaints.json); nothing the person wrote.
 */
export type ComplaintMailFacts =
  | { kind: 'complaint-received'; reference: string; deadline: string }
  | {
      kind: 'complaint-answer';
      reference: string;
      receivedOn: string;
      decision: 'upheld' | 'rejected';
      reason: string;
      late: boolean;
    };

export type MailFacts = ClaimMailFacts | StaffMailFacts | PasskeyNoticeFacts | ComplaintMailFacts;

export type ClaimMailFacts =
  // url absolute; deadline 'YYYY-MM-DD' (Warsaw calendar date, the last day)
  // reserve: the prize passed to a reserve entry (docs/decisions/review.md#reserve), told as such
  | (ClaimFacts & { kind: 'link'; url: string; deadline: string; reserve?: boolean })
  | (ClaimFacts & { kind: 'reminder'; url: string; deadline: string; final: boolean })
  // receivedOn 'YYYY-MM-DD'
  | (ClaimFacts & { kind: 'received'; reference: string; receivedOn: string })
  // reason: the sentence the winner reads (src/content/review.json), on rejection only
  // url: on rejection, the complaint form's absolute address (the dispatcher's, from PUBLIC_URL)
  | (ClaimFacts & {
      kind: 'verdict';
      reference: string;
      outcome: 'accepted' | 'rejected';
      reason?: string;
      url?: string;
    })
  // docs/decisions/prize-issue.md#shipped-mail: the parcel as staff or the carrier's file recorded it;
  // shippedOn 'YYYY-MM-DD'
  | (ClaimFacts & {
      kind: 'shipped';
      reference: string;
      carrier: string;
      tracking: string;
      shippedOn: string;
    });

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const mail: Mail = mailJson;

/** Plain-text lines at most this long (RFC 5322's advice), except a URL, which is never broken. */
const LINE_WIDTH = 78;

/** A link to follow and its descriptive text, written out under the paragraph that leads to it. */
interface MailLink {
  url: string;
  text: string;
  hint: string;
}

/** What a message says, in order; both parts are rendered from it. */
interface Message {
  subject: string;
  heading: string;
  intro: string;
  details: string[];
  action?: { lead: string; link: MailLink };
  after: string[];
  footer: string[];
}

/** A text of mail.json with its message's values and the campaign facts filled. */
function filled(template: string, values: Record<string, string> = {}): string {
  return fill(template, { ...campaignFacts, ...values });
}

/** "III stopnia", but "WinTo!": the registry's roman-numbered tiers are named by their degree. */
function tierName(tier: Tier): string {
  const { numbered, named } = mail.tierName;
  return filled(/^[IVX]+$/.test(tier.label) ? numbered : named, { label: tier.label });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date 'YYYY-MM-DD' in Polish words ("1 lipca 2025 r."); anything else is the caller's mistake. */
function polishDay(iso: string, what: string): string {
  // A date that does not exist ("2025-02-30") does not come back the same from UTC midnight.
  const midnight = new Date(`${iso}T00:00:00Z`);
  if (!ISO_DATE.test(iso) || Number.isNaN(midnight.getTime()) || !midnight.toISOString().startsWith(iso)) {
    throw new Error(`composeMail: ${what} must be a date 'YYYY-MM-DD', got '${iso}'`);
  }
  return longPolishDate(iso);
}

/** The prize's Polish name from the catalogue (prizes.json). */
function prizeName(key: PrizeKey): string {
  const prize = prizes.catalogue[key] as (typeof prizes.catalogue)[PrizeKey] | undefined;
  if (!prize) throw new Error(`composeMail: no prize ${key}`);
  return prize.award;
}

/** Only a web address goes into a winner's mail as a link: never `javascript:` or `data:`. */
function webAddress(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('composeMail: url must be an absolute http(s) address');
  }
  return url;
}

function claimMessage(facts: Extract<MailFacts, { kind: 'link' | 'reminder' }>, tier: Tier): Message {
  const values: MailValues<'link'> = {
    code: facts.code,
    prize: prizeName(facts.prize),
    tier: tierName(tier),
    deadline: polishDay(facts.deadline, 'deadline'),
    link: webAddress(facts.url),
  };
  const texts =
    facts.kind === 'link'
      ? { ...mail.link, ...(facts.reserve ? mail.link.reserve : {}) }
      : { ...mail.reminder, ...(facts.final ? mail.reminder.final : {}) };
  // spec §7: tiers III and VI have no personal link; their winners are known by the code and its contact.
  const way = tier.claimBy === 'code' ? mail.claim.byCode : mail.claim.byLink;
  return {
    subject: filled(texts.subject, values),
    heading: filled(texts.heading, values),
    intro: filled(texts.intro, values),
    details: texts.details.map((line) => filled(line, values)),
    action: {
      lead: filled(way.action, values),
      link: {
        url: values.link,
        text: filled(way.linkText, values),
        hint: filled(mail.claim.linkHint, values),
      },
    },
    after: [
      filled(way.note, values),
      ...(facts.kind === 'reminder' ? [filled(mail.reminder.sentByPost, values)] : []),
    ],
    footer: footer(),
  };
}

/** The texts of a notice: one fact told (a statement or a complaint received, a parcel sent), no link. */
interface NoticeTexts {
  subject: string;
  heading: string;
  intro: string;
  details: string[];
  next: string;
  keepReference: string;
}

/** A notice's message: its texts filled with the values, then what comes next and "keep the reference". */
function noticeMessage(texts: NoticeTexts, values: Record<string, string>): Message {
  return {
    subject: filled(texts.subject, values),
    heading: filled(texts.heading, values),
    intro: filled(texts.intro, values),
    details: texts.details.map((line) => filled(line, values)),
    after: [filled(texts.next, values), filled(texts.keepReference, values)],
    footer: footer(),
  };
}

function receivedMessage(facts: Extract<MailFacts, { kind: 'received' }>, tier: Tier): Message {
  // Only what the server decided: nothing the winner typed into the statement is repeated.
  const values: MailValues<'received'> = {
    reference: facts.reference,
    tier: tierName(tier),
    prize: prizeName(facts.prize),
    receivedOn: polishDay(facts.receivedOn, 'receivedOn'),
  };
  return noticeMessage(mail.received, values);
}

function verdictMessage(facts: Extract<MailFacts, { kind: 'verdict' }>, tier: Tier): Message {
  // The reference and the ground's sentence: nothing the winner typed, nothing of the staff's notes.
  const values: MailValues<'verdict'> = {
    reference: facts.reference,
    tier: tierName(tier),
    prize: prizeName(facts.prize),
    reason: facts.outcome === 'rejected' ? (facts.reason ?? '') : '',
  };
  const texts = mail.verdict[facts.outcome];
  return {
    subject: filled(texts.subject, values),
    heading: filled(texts.heading, values),
    intro: filled(texts.intro, values),
    details: mail.verdict.details.map((line) => filled(line, values)),
    // docs/api.md "Complaints": a rejection leads to the complaint form.
    ...(facts.url
      ? {
          action: {
            lead: filled(texts.next, values),
            link: {
              url: webAddress(facts.url),
              text: filled(mail.verdict.complaintLink),
              hint: filled(mail.claim.linkHint),
            },
          },
          after: [filled(mail.verdict.keepReference, values)],
        }
      : { after: [filled(texts.next, values), filled(mail.verdict.keepReference, values)] }),
    footer: footer(),
  };
}

function complaintMessage(facts: ComplaintMailFacts): Message {
  if (facts.kind === 'complaint-received') {
    const values: MailValues<'complaintReceived'> = {
      reference: facts.reference,
      deadline: polishDay(facts.deadline, 'deadline'),
    };
    return noticeMessage(mail.complaintReceived, values);
  }
  const values: MailValues<'complaintAnswer'> = {
    reference: facts.reference,
    receivedOn: polishDay(facts.receivedOn, 'receivedOn'),
    reason: facts.reason,
  };
  const texts = mail.complaintAnswer[facts.decision];
  return {
    subject: filled(texts.subject, values),
    heading: filled(texts.heading, values),
    intro: filled(texts.intro, values),
    details: [
      ...mail.complaintAnswer.details.map((line) => filled(line, values)),
      ...(facts.late ? [filled(mail.complaintAnswer.late, values)] : []),
    ],
    after: [filled(texts.next, values)],
    footer: footer(),
  };
}

function shippedMessage(facts: Extract<MailFacts, { kind: 'shipped' }>, tier: Tier): Message {
  const values: MailValues<'shipped'> = {
    reference: facts.reference,
    tier: tierName(tier),
    prize: prizeName(facts.prize),
    carrier: facts.carrier,
    tracking: facts.tracking,
    shippedOn: polishDay(facts.shippedOn, 'shippedOn'),
  };
  return noticeMessage(mail.shipped, values);
}

const STAFF_TEXTS = { invitation: mail.invitation, 'staff-recovery': mail.staffRecovery } as const;
const roleName = (role: string) => panelJson.roles[role as keyof typeof panelJson.roles];

/** Staff mail: what the link is for, the person's roles by name, the link; the panel's own footer. */
function staffMessage(facts: StaffMailFacts): Message {
  const values: MailValues<'invitation'> = {
    roles: facts.roles.map(roleName).join(', '),
    link: webAddress(facts.url),
  };
  const texts = STAFF_TEXTS[facts.kind];
  return {
    subject: filled(texts.subject, values),
    heading: filled(texts.heading, values),
    intro: filled(texts.intro, values),
    details: [],
    action: {
      lead: filled(texts.action, values),
      link: { url: values.link, text: filled(texts.linkText, values), hint: filled(mail.claim.linkHint) },
    },
    after: texts.after.map((line) => filled(line, values)),
    footer: staffFooter(),
  };
}

/**
 * docs/decisions/staff.md#passkey-notice: a passkey added or removed, and when on Warsaw's clock; nothing of
 * the passkey itself (its name is typed by whoever added it, and could say anything).
 */
function passkeyNoticeMessage(facts: PasskeyNoticeFacts): Message {
  const atMs = Date.parse(facts.at);
  const values: MailValues<'passkeyChanged'> = {
    date: longPolishDate(formatIsoDate(warsawCalendarDate(atMs))),
    time: formatWarsawDateTime(atMs).slice(11, 16),
  };
  const texts = mail.passkeyChanged[facts.change];
  return {
    subject: filled(texts.subject, values),
    heading: filled(texts.heading, values),
    intro: filled(texts.intro, values),
    details: [],
    after: mail.passkeyChanged.after.map((line) => filled(line, values)),
    footer: staffFooter(),
  };
}

const staffFooter = () => mail.staffFooter.map((line) => filled(line));

const footer = () => mail.footer.map((line) => filled(line));

// Polish typesetting in plain text: an amount or a phone number ("7 000 zł", "22 123 45 67"), a one-letter
// word ("w", "z", "i"), an abbreviation ("ul.", "godz.") and a dash stay with their neighbour when a line is
// broken. Marked with no-break spaces while wrapping only: the text itself keeps ordinary spaces, which every
// mail client shows alike.
const NBSP = '\u00a0';
function keepTogether(text: string): string {
  return bindAmounts(text)
    .replace(/(?<=\d) (?=\d)/g, NBSP)
    .replace(/(?<=^|[\s(„])([aiouwzAIOUWZ]|ul\.|al\.|nr|godz\.) /g, `$1${NBSP}`)
    .replace(/ —/g, `${NBSP}—`);
}

/** A text as lines of at most LINE_WIDTH characters, broken at spaces; a longer word has a line alone. */
function wrap(text: string): string[] {
  return text.split('\n').flatMap((written) => {
    const lines: string[] = [];
    let line = '';
    for (const word of keepTogether(written).split(' ').filter(Boolean)) {
      if (line && line.length + 1 + word.length > LINE_WIDTH) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    return lines.map((kept) => kept.replaceAll(NBSP, ' '));
  });
}

function plainText(message: Message): string {
  const paragraph = (text: string) => wrap(text).join('\n');
  const blocks = [
    paragraph(message.heading),
    paragraph(message.intro),
    ...(message.details.length > 0 ? [message.details.flatMap(wrap).join('\n')] : []),
    ...(message.action ? [paragraph(message.action.lead), message.action.link.url] : []),
    ...message.after.map(paragraph),
    // "-- " (with its space) is where mail clients see a signature start, and may fold it away.
    ['-- ', ...message.footer.flatMap(wrap)].join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text as HTML, in content and in a double-quoted attribute alike. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
/** A text as HTML: amounts kept on one line, as the site shows them; a line break an editor wrote, kept. */
const html = (text: string) => escapeHtml(bindAmounts(text)).replaceAll('\n', '<br>');

// Inline styles only: mail clients drop <style> blocks and never load stylesheets. The site's colours.
const STYLE = {
  body: 'margin:0;padding:24px 16px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5',
  main: 'max-width:600px;margin:0 auto',
  heading: 'margin:0 0 16px;color:#0b2a5b;font-size:22px;line-height:1.3',
  paragraph: 'margin:0 0 16px',
  link: 'color:#0b2a5b;font-weight:bold',
  address: 'word-break:break-all',
  rule: 'border:0;border-top:1px solid #cbd2dc;margin:24px 0 16px',
  footer: 'margin:0;color:#4a5568;font-size:14px',
};

function htmlPart(message: Message): string {
  const paragraph = (content: string, style = STYLE.paragraph) => `<p style="${style}">${content}</p>`;
  const { action } = message;
  const body = [
    `<h1 style="${STYLE.heading}">${html(message.heading)}</h1>`,
    paragraph(html(message.intro)),
    ...(message.details.length > 0 ? [paragraph(message.details.map(html).join('<br>'))] : []),
    ...(action
      ? [
          paragraph(html(action.lead)),
          paragraph(
            `<a href="${escapeHtml(action.link.url)}" style="${STYLE.link}">${html(action.link.text)}</a>`,
          ),
          // The address written out too, for a client that shows no links.
          paragraph(
            `${html(action.link.hint)}<br><span style="${STYLE.address}">${escapeHtml(action.link.url)}</span>`,
          ),
        ]
      : []),
    ...message.after.map((text) => paragraph(html(text))),
    `<hr style="${STYLE.rule}">`,
    paragraph(message.footer.map(html).join('<br>'), STYLE.footer),
  ];
  return [
    '<!DOCTYPE html>',
    '<html lang="pl">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(message.subject)}</title>`,
    '</head>',
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.main}">`,
    ...body,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function claimMail(facts: ClaimMailFacts): Message {
  const tier = tierById(facts.tier);
  if (!tier) throw new Error(`composeMail: no tier ${facts.tier}`);
  if (facts.kind === 'shipped') return shippedMessage(facts, tier);
  return facts.kind === 'received'
    ? receivedMessage(facts, tier)
    : facts.kind === 'verdict'
      ? verdictMessage(facts, tier)
      : claimMessage(facts, tier);
}

/**
 * One e-mail in Polish: to a winner, the statement link, a reminder, the confirmation that the statement
 * arrived, or the staff's verdict on it; to a staff member, an invitation or a recovery link. Throws on
 * facts no caller should pass (an unknown tier, a date not 'YYYY-MM-DD', a link that is not an http(s)
 * address).
 */
export function composeMail(facts: MailFacts): ComposedMail {
  const message =
    facts.kind === 'passkey-changed'
      ? passkeyNoticeMessage(facts)
      : facts.kind === 'complaint-received' || facts.kind === 'complaint-answer'
        ? complaintMessage(facts)
        : 'roles' in facts
          ? staffMessage(facts)
          : claimMail(facts);
  return {
    // A header is one line, with ordinary spaces.
    subject: message.subject.replace(/\s+/g, ' ').trim(),
    text: plainText(message),
    html: htmlPart(message),
  };
}
