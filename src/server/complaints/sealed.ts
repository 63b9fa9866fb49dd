import type { ComplaintBody } from '#shared/complaint/complaint-form.ts';
import { decryptText, type Sealer } from '../crypto/encryption';

// docs/decisions/complaints.md#sealed: everything a person wrote in a complaint is personal data, sealed like a
// statement with the open family's key (docs/decisions/storage.md#bounded-keys), bound to its complaint
// (statements/sealed-columns.ts lists it): once a run empties it, no key that remains opens any copy of it.

export const complaintContext = (id: string) => `complaint:${id}`;

export const sealComplaint = (sealer: Sealer, id: string, body: ComplaintBody): string =>
  sealer.seal(Buffer.from(JSON.stringify(body), 'utf8'), complaintContext(id));

export const unsealComplaint = (keys: readonly Buffer[], id: string, secrets: string): ComplaintBody =>
  JSON.parse(decryptText(keys, secrets, complaintContext(id))) as ComplaintBody;
