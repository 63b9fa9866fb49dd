// Table shapes as Kysely sees them. Only src/server/db speaks SQL.
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface InstantWinnerTable {
  record_key: string;
  date: string;
  code: string;
  award: string;
  user_publish: string;
}

export interface DrawWinnerTable {
  record_key: string;
  draw_name: string;
  price: string;
  price_rank: number;
  code: string;
  name: string;
  testimonial_id: string;
}

export interface ClaimTable {
  id: string;
  record_key: string;
  code: string;
  tier: string;
  prize: string;
  hash_digest: string | null;
  created_at: string;
}

export interface StatementTable {
  id: string;
  claim_id: string;
  tier: string;
  code: string;
  /** The payload as JSON without the encrypted fields (and without the image). */
  payload: string;
  /** AES-256-GCM of the PESEL, ID card, passport and IBAN fields (see src/server/crypto.ts). */
  secrets: string;
  image: string | null;
  created_at: string;
}

export interface OptoutTable {
  hash_digest: string;
  email: string;
  issued_at: string;
  resigned_at: string | null;
}

export interface Database {
  app_meta: AppMetaTable;
  instant_winners: InstantWinnerTable;
  draw_winners: DrawWinnerTable;
  claims: ClaimTable;
  statements: StatementTable;
  optouts: OptoutTable;
}
