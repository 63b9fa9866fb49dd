import { randomUUID } from 'node:crypto';
import { tierForPrize, type PrizeKey } from '#shared/campaign.ts';
import type { Storage } from '../db';
import type { ClaimTable } from '../db/types';
import { importWinners } from '../db/winners';
import { contactDigest, newLinkHash } from '../secrets';
import { drawRecordKey, instantRecordKey, type Contact, type WinnersFile } from './import-file';

/** What import-winners prints per new claim: the link the operator e-mails to the winner (API.md). */
export interface ClaimLine {
  code: string;
  award: PrizeKey;
  tier: string;
  link: string;
}

interface Winning {
  recordKey: string;
  code: string;
  award: PrizeKey;
  contact: Contact;
}

export interface ImportOptions {
  /** Keys the contact digests (issue 10 §2). */
  statementsKey: Buffer;
  nowIso: string;
  /** The bundled demo set: the first import that is not replaces it (importWinners). */
  demo?: boolean;
  progress?: ((done: number, total: number) => void) | undefined;
}

/**
 * Imports a checked winners file and creates one claim per winning record. Returns a line for each claim
 * this import created; records imported before keep their claims and links (only digests are stored,
 * so their links cannot be printed again), and get the file's contact digests.
 */
export async function importWinnersFile({ db }: Storage, file: WinnersFile, options: ImportOptions) {
  const { statementsKey, nowIso } = options;
  const winnings: Winning[] = [
    ...file.instant.map((record) => ({
      recordKey: instantRecordKey(record),
      code: record.code,
      award: record.award,
      contact: record,
    })),
    ...file.draws.map((record) => ({
      recordKey: drawRecordKey(record),
      code: record.code,
      award: record.price,
      contact: record,
    })),
  ];
  const digest = (kind: 'email' | 'phone', value: string | undefined) =>
    value === undefined ? null : contactDigest(statementsKey, kind, value);
  const candidates = winnings.map((winning) => {
    const tier = tierForPrize(winning.award);
    if (!tier) throw new Error(`no tier for prize ${winning.award}`); // content validation rules this out
    // spec §7: tiers III and VI are claimed by code alone; the others by the hash in the e-mailed link.
    const linkHash = tier.claimBy === 'hash' ? newLinkHash() : undefined;
    const claim: ClaimTable = {
      id: randomUUID(),
      record_key: winning.recordKey,
      code: winning.code,
      tier: tier.id,
      prize: winning.award,
      hash_digest: linkHash?.digest ?? null,
      email_digest: digest('email', winning.contact.email),
      phone_digest: digest('phone', winning.contact.phone),
      created_at: nowIso,
    };
    const line: ClaimLine = {
      code: winning.code,
      award: winning.award,
      tier: tier.id,
      link: linkHash ? `${tier.path}?hash=${linkHash.hash}` : tier.path,
    };
    return { claim, line };
  });
  const result = await importWinners(db, {
    instant: file.instant.map((record) => ({
      record_key: instantRecordKey(record),
      date: record.date,
      code: record.code,
      award: record.award,
      user_publish: record.userPublish,
    })),
    draws: file.draws.map((record) => ({
      record_key: drawRecordKey(record),
      draw_name: record.drawName,
      price: record.price,
      price_rank: record.priceRank,
      code: record.code,
      name: record.name,
      testimonial_id: record.testimonialId,
    })),
    claims: candidates.map(({ claim }) => claim),
    demo: options.demo ?? false,
    progress: options.progress,
  });
  const created = new Set(result.newClaimKeys);
  return {
    lines: candidates.filter(({ claim }) => created.has(claim.record_key)).map(({ line }) => line),
    changedRecords: result.changedRecords,
    records: winnings.length,
    removedDemo: result.removedDemo,
  };
}
