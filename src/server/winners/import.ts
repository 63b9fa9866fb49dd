import { newClaim, sealClaimEmail, type Winning } from '../claims/claims';
import { encryptBytes } from '../crypto/encryption';
import { confirmSealers, SealKeyRetiredError, sealerFor } from '../statements/period-keys';
import { contactDigest } from '../crypto/secrets';
import type { ReserveEntryTable } from '../db/types';
import { isoAt, type Clock } from '../clock';
import type { Storage } from '../db';
import { importWinners } from '../db/winners';
import { firstLinkMail } from '../mail/orders';
import {
  drawRecordKey,
  instantRecordKey,
  type DrawRecord,
  type WinnersFile,
  type Contact,
} from './import-file';

export interface ImportOptions {
  /** Keys the contact digests (docs/decisions/claims.md#claims). */
  statementsKey: Buffer;
  /** The campaign clock says when the new claims' links are issued (their deadline counts from it). */
  clock: Clock;
  /** The bundled demo set: the first import that is not replaces it (importWinners). */
  demo?: boolean;
  progress?: ((done: number, total: number) => void) | undefined;
}

/**
 * Imports a checked winners file and creates one claim per winning record. Returns a line for each claim
 * this import created; records imported before keep their claims and links (only digests are stored,
 * so their links cannot be printed again), and get the file's contact digests.
 */
export async function importWinnersFile(storage: Storage, file: WinnersFile, options: ImportOptions) {
  // docs/decisions/storage.md#bounded-keys: a retention run that retired the open family's key meanwhile
  // fails the import's transaction before it commits; it is made again with the new key.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await importOnce(storage, file, options);
    } catch (error) {
      if (!(error instanceof SealKeyRetiredError) || attempt >= 3) throw error;
    }
  }
}

async function importOnce(storage: Storage, file: WinnersFile, options: ImportOptions) {
  const { db } = storage;
  const { statementsKey, clock } = options;
  const sealer = await sealerFor(storage, 'open');
  const issuedAtIso = isoAt(clock.campaign());
  // docs/decisions/review.md#reserve: reserve entries are kept apart, unpublished and without a claim.
  const drawn = file.draws.filter((record) => record.reserve === undefined);
  const reserves = file.draws.filter((record) => record.reserve !== undefined);
  const winnings: Winning[] = [
    ...file.instant.map((record) => ({
      recordKey: instantRecordKey(record),
      code: record.code,
      award: record.award,
      contact: record,
    })),
    ...drawn.map((record) => ({
      recordKey: drawRecordKey(record),
      code: record.code,
      award: record.price,
      contact: record,
    })),
  ];
  const candidates = winnings.map((winning) => newClaim(winning, { statementsKey, sealer }, issuedAtIso));
  const clocks = { campaignMs: clock.campaign(), realMs: clock.real() };
  // docs/decisions/mail.md#outbox: each new claim's link mail and reminders, in the import's transaction.
  // The demo's fictional winners get none (its links go to a file: demo.ts).
  const mail = options.demo
    ? []
    : candidates.flatMap(({ claim, line, email }) =>
        email ? firstLinkMail(sealer, claim, email, line.link, clocks) : [],
      );
  const result = await importWinners(db, {
    instant: file.instant.map((record) => ({
      record_key: instantRecordKey(record),
      date: record.date,
      code: record.code,
      award: record.award,
      user_publish: record.userPublish,
    })),
    draws: drawn.map((record) => ({
      record_key: drawRecordKey(record),
      draw_name: record.drawName,
      price: record.price,
      price_rank: record.priceRank,
      code: record.code,
      name: record.name,
      testimonial_id: record.testimonialId,
    })),
    claims: candidates.map(({ claim }) => claim),
    reserves: reserves.map((record) => reserveEntry(record, statementsKey)),
    mail,
    demo: options.demo ?? false,
    atIso: isoAt(clock.real()),
    progress: options.progress,
    confirm: (trx) => confirmSealers(trx, [sealer]),
  });
  const created = new Set(result.newClaimKeys);
  return {
    lines: candidates.filter(({ claim }) => created.has(claim.record_key)).map(({ line }) => line),
    changedRecords: result.changedRecords,
    records: winnings.length,
    removedDemo: result.removedDemo,
  };
}

/** A reserve entry as kept: its contact sealed and keyed like a claim's, until a prize passes to it. */
function reserveEntry(record: DrawRecord & Contact, statementsKey: Buffer): ReserveEntryTable {
  const recordKey = drawRecordKey(record);
  const email = record.email!.trim();
  return {
    record_key: recordKey,
    draw_name: record.drawName,
    price: record.price,
    price_rank: record.priceRank,
    reserve: record.reserve!,
    code: record.code,
    name: record.name,
    testimonial_id: record.testimonialId,
    // A reserve entry is not bounded: it is not a statement's, and its e-mail moves to a claim when promoted.
    email_sealed: sealClaimEmail(
      (plain, context) => encryptBytes(statementsKey, plain, context),
      recordKey,
      email,
    ),
    email_digest: contactDigest(statementsKey, 'email', email),
    phone_digest: record.phone === undefined ? null : contactDigest(statementsKey, 'phone', record.phone),
    promoted_from: null,
    claim_id: null,
    promoted_at: null,
  };
}
