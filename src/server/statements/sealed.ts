import { decryptText, encryptText } from '../crypto';

// Issue "Storage and privacy": these payload fields never reach the database in plain text.
export const SECRET_FIELDS = ['pesel', 'identityCardNumber', 'passportNumber', 'iban'] as const;

export interface SealedStatement {
  /** The payload without the secret fields, the image and the link hash, as JSON. */
  payload: string;
  /** The secret fields, AES-256-GCM, bound to the claim. */
  secrets: string;
  image: string | null;
}

const context = (claimId: string) => `statement:${claimId}`;

export function sealStatement(
  key: Buffer,
  claimId: string,
  payload: Record<string, unknown>,
): SealedStatement {
  const open: Record<string, unknown> = {};
  const secret: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(payload)) {
    // The image has its own column; the link hash is never stored in plain text (the claim keeps its digest).
    if (field === 'image' || field === 'hash') continue;
    if ((SECRET_FIELDS as readonly string[]).includes(field)) secret[field] = value;
    else open[field] = value;
  }
  const image = typeof payload.image === 'string' ? payload.image : null;
  return {
    payload: JSON.stringify(open),
    secrets: encryptText(key, JSON.stringify(secret), context(claimId)),
    image,
  };
}

/** The whole payload again (image aside), for the operator's export. */
export function unsealStatement(
  key: Buffer,
  claimId: string,
  sealed: Pick<SealedStatement, 'payload' | 'secrets'>,
) {
  const secret = JSON.parse(decryptText(key, sealed.secrets, context(claimId))) as Record<string, unknown>;
  return { ...(JSON.parse(sealed.payload) as Record<string, unknown>), ...secret };
}
