import type { JsonObject } from '#shared/json.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import type { Change } from './changes';
import type { FormId } from './forms';

// What the studio's calls (/studio/api/…) answer: the contract between its page and its server.

/** A form's file as it is on disk, with what schemas:check finds in it (file null: it does not parse). */
export interface FormState {
  id: FormId;
  label: string;
  file: TierFile | null;
  problems: SchemaProblem[];
}

/** The shared files, and an id of the checkout the studio edits (the browser keeps drafts per checkout). */
export type SharedReply =
  | { ok: true; checkout: string; definitions: { $defs: JsonObject }; definitionsUi: JsonObject }
  | { ok: false; problems: SchemaProblem[] };

/** What 'Zapisz' sends: the file, and the file it was edited from (refused when the disk holds another). */
export interface SaveRequest {
  file: unknown;
  base: unknown;
  /** Other forms saved with it, all or none (a text changed in every tier that had it). */
  also?: Array<{ id: FormId; file: unknown; base: unknown }>;
}

/** POST /studio/api/tiers/<id> (any form's id): saved (the file as now on disk), refused with problems, or not (message). */
export type SaveReply =
  | ({ ok: true } & FormState)
  | { ok: false; problems: SchemaProblem[] }
  /** Not saved: the disk failed, or (conflict) the file was saved meanwhile elsewhere. */
  | { message: string; conflict: boolean };

export type ChangesReply =
  { ok: true; tiers: Array<{ id: FormId; label: string; items: Change[] }> } | { ok: false; message: string };

/** An earlier version of a form's file in git. */
export interface Version {
  /** The commit's full hash, 40 hex digits. */
  revision: string;
  /** The author's date, ISO 8601. */
  date: string;
  author: string;
  subject: string;
}

/** A save made in the studio: when, what it changed in Polish, and the file it wrote. */
export interface StudioSave {
  /** ISO 8601. */
  date: string;
  items: string[];
  file: TierFile;
}

/**
 * 'Historia': the studio's saves, newest first, and the commits, each with what it changed in Polish
 * (outside git: no commits, and `message` says why).
 */
export type HistoryReply = {
  ok: true;
  saves: StudioSave[];
  versions: Array<Version & { items: string[] }>;
  message?: string;
};

export type VersionReply = { ok: true; file: unknown } | { ok: false; message: string };
