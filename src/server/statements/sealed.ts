import { STORAGE_OF } from '../../shared/statement/payload';
import { decryptText, encryptText } from '../crypto';

export interface SealedStatement {
  /** The fields the payload table keeps in the open, as JSON. */
  payload: string;
  /** The fields the payload table seals, AES-256-GCM, bound to the claim. */
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
  let image: string | null = null;
  for (const [field, value] of Object.entries(payload)) {
    const storage = STORAGE_OF.get(field);
    if (storage === 'sealed') secret[field] = value;
    else if (storage === 'open') open[field] = value;
    else if (storage === 'image' && typeof value === 'string') image = value;
  }
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
