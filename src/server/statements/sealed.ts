import { STORAGE_OF } from '#shared/statement/payload.ts';
import { decryptBytes, decryptText, type Sealer } from '../crypto/encryption';

// docs/decisions/storage.md#sealed-statements: everything a winner sent is sealed; the row keeps in the clear
// only what finds and counts statements (claim, tier, code, times). The photo is sealed apart: large, and
// read one at a time.

const PNG_DATA_URL = 'data:image/png;base64,';

export interface SealedStatement {
  /** The fields of the payload table, as JSON, AES-256-GCM, bound to the claim. */
  secrets: string;
  /** The coupon photo's PNG bytes, sealed the same way, or null. */
  image: string | null;
}

// Bound to the claim: a statement's sealed parts moved to another claim's row fail to open.
export const statementContext = (claimId: string) => `statement:${claimId}`;
export const imageContext = (claimId: string) => `statement-image:${claimId}`;

/** Seals what the winner sent with `sealer` (the open family's key, docs/decisions/storage.md#bounded-keys). */
export function sealStatement(
  sealer: Pick<Sealer, 'seal'>,
  claimId: string,
  payload: Record<string, unknown>,
): SealedStatement {
  const secret: Record<string, unknown> = {};
  let image: string | null = null;
  for (const [field, value] of Object.entries(payload)) {
    const storage = STORAGE_OF.get(field);
    if (storage === 'sealed') secret[field] = value;
    else if (storage === 'image' && typeof value === 'string')
      image = sealer.seal(Buffer.from(value.slice(PNG_DATA_URL.length), 'base64'), imageContext(claimId));
  }
  return {
    secrets: sealer.seal(Buffer.from(JSON.stringify(secret), 'utf8'), statementContext(claimId)),
    image,
  };
}

/** What the winner sent (image aside), for the operator's export. */
export function unsealStatement(
  keys: readonly Buffer[],
  claimId: string,
  sealed: { secrets: string },
): Record<string, unknown> {
  return JSON.parse(decryptText(keys, sealed.secrets, statementContext(claimId))) as Record<string, unknown>;
}

/** The coupon photo's PNG bytes (a row stored before sealing kept its data URL in the clear). */
export function unsealImage(keys: readonly Buffer[], claimId: string, image: string): Buffer {
  if (image.startsWith(PNG_DATA_URL)) return Buffer.from(image.slice(PNG_DATA_URL.length), 'base64');
  return decryptBytes(keys, image, imageContext(claimId));
}

/**
 * The sealed fields of a row stored before everything was sealed, with the fields it kept in the clear
 * (`open`, JSON) moved in: what the reseal on start seals anew (sealed-columns.ts).
 */
export function openLegacyStatement(
  keys: readonly Buffer[],
  claimId: string,
  row: { secrets: string; open: string },
): string {
  const legacyOpen = row.open ? (JSON.parse(row.open) as Record<string, unknown>) : {};
  return JSON.stringify({ ...legacyOpen, ...unsealStatement(keys, claimId, row) });
}
