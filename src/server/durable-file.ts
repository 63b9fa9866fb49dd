import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes `text` to a new private file (mode 0600) beside `file` and syncs it; returns its name. Linked or
 * renamed into place, the file then appears whole or not at all, even after a power loss.
 */
export function writeDraft(file: string, text: string): string {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const fd = fs.openSync(draft, 'wx', 0o600);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return draft;
}

/** The new directory entry survives a power loss too. */
export function syncDirectory(dir: string) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Replaces `file` with `text` at once: a reader sees the old text or the new, never part of it. */
export function replaceFile(file: string, text: string) {
  const draft = writeDraft(file, text);
  try {
    fs.renameSync(draft, file);
  } catch (error) {
    fs.rmSync(draft, { force: true });
    throw error;
  }
  syncDirectory(path.dirname(file));
}
