import type { ComplaintBody } from '#shared/complaint/complaint-form.ts';
import { decryptText, encryptText } from '../crypto/encryption';

// docs/decisions/complaints.md#sealed: everything a person wrote in a complaint is personal data, sealed with
// the statements key like a statement, bound to its complaint (statements/sealed-columns.ts lists it).

export const complaintContext = (id: string) => `complaint:${id}`;

export const sealComplaint = (key: Buffer, id: string, body: ComplaintBody): string =>
  encryptText(key, JSON.stringify(body), complaintContext(id));

export const unsealComplaint = (keys: readonly Buffer[], id: string, secrets: string): ComplaintBody =>
  JSON.parse(decryptText(keys, secrets, complaintContext(id))) as ComplaintBody;
