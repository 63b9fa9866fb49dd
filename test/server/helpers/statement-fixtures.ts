import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { isOnlineCode, tierById, type TierId } from '#shared/campaign.ts';
import type { StatementFormData } from '#shared/statement/generated/form-data.ts';
import { buildPayload } from '#shared/statement/payload.ts';
import { tierValidator } from '#server/statements/validate-statement.ts';
import { visibleFields } from '#shared/statement/validators.ts';
import { tierForms } from '#shared/statement/forms.ts';
import type { Storage } from '#server/db/index.ts';
import { sealerFor } from '#server/statements/period-keys.ts';
import { sealNote } from '#server/review/view.ts';

/** One PNG chunk: length, type, data, CRC (to build PNGs the encoder would not write). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const frame = Buffer.alloc(body.length + 8);
  frame.writeUInt32BE(data.length, 0);
  body.copy(frame, 4);
  frame.writeUInt32BE(zlib.crc32(body), body.length + 4);
  return frame;
}

/** A real PNG of the given size as the browser sends it (spec §5: PNG data within 600x800). */
export function pngDataUrl(width = 8, height = 6): string {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/** A form with every field any tier asks filled in (PESEL and ID card given, every consent ticked). */
const FULL_FORM: StatementFormData = {
  firstName: 'Jan',
  lastName: 'Kowalski',
  phone: '600700800',
  email: 'jan.kowalski@example.com',
  address_city: 'Kraków',
  address_zipCode: '00950',
  address_street: 'Długa',
  address_house: '5',
  citizenship: 'polskie',
  country: 'Polska',
  pesel: '44051401359',
  personalId: 'ABA300000',
  bankAccount: 'PL61109010140000071219812874',
  answer_1: false,
  answer_2: false,
  answer_3: false,
  confirmed: true,
  consents: { rules: true, notEmployee: true, rodo: true, tax: true },
};

/** A valid payload of docs/api.md#the-payload for the tier: what its form sends for FULL_FORM and this code. */
export function validStatement(
  tierId: TierId,
  code: string,
  hash: string | null = null,
): Record<string, unknown> {
  const online = isOnlineCode(code);
  const form: StatementFormData = {
    ...FULL_FORM,
    code,
    ...(online ? {} : { file: pngDataUrl(), serialNumber: '1234567890123456789' }),
  };
  const visible = visibleFields(tierValidator(tierId), tierForms[tierId].schema, form);
  return buildPayload(tierById(tierId)!, form, { hash, visible });
}

/**
 * A review of a III statement awaiting approval, with both notes sealed with the statements key
 * (docs/decisions/review.md): what a key rotation or a year's key reseals with the statement.
 */
export async function insertReviewWithNotes(
  t: { storage: Storage; statementsKey: Buffer },
  statement: { id: string; claim_id: string },
) {
  const sealer = await sealerFor(t.storage, 'open');
  await t.storage.db
    .insertInto('reviews')
    .values({
      statement_id: statement.id,
      claim_id: statement.claim_id,
      tier: 'III',
      state: 'awaiting-approval',
      reviewer_id: 'r',
      taken_at: '2025-07-01T08:00:00.000Z',
      note: sealNote(sealer, statement.id, 'note', 'Kupon do sprawdzenia'),
      approval_note: sealNote(sealer, statement.id, 'approval', 'Sprawdź jeszcze raz'),
    } as never)
    .execute();
}
