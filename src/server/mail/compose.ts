import type { PrizeKey, TierId } from '#shared/campaign.ts';
export type MailKind = 'link' | 'reminder' | 'received';
interface ClaimFacts {
  tier: TierId;
  prize: PrizeKey;
  code: string;
}
export type MailFacts =
  | (ClaimFacts & { kind: 'link'; url: string; deadline: string })
  | (ClaimFacts & { kind: 'reminder'; url: string; deadline: string; final: boolean })
  | (ClaimFacts & { kind: 'received'; reference: string; receivedOn: string });
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}
// PLACEHOLDER until the mail-content branch lands.
export function composeMail(facts: MailFacts): ComposedMail {
  const body = JSON.stringify(facts);
  return { subject: `Loteria: ${facts.kind}`, text: body, html: `<p>${body}</p>` };
}
