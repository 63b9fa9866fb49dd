import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Version } from '../studio-api';

// The git history of the tier files, for the studio's 'Zmiany' and 'Historia' and `npm run schemas:diff`.
// Read only: git is run without a shell, and no revision or path reaches it where it could be an option.
// Outside a git work tree every function answers 'not-a-repository' instead of failing.

const run = promisify(execFile);
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** A commit's full hash: the only revision the studio's calls pass on to git. */
export const isFullHash = (revision: string) => /^[0-9a-f]{40}$/i.test(revision);

export type GitResult<T> = { ok: true; value: T } | { ok: false; reason: 'not-a-repository' };

const NOT_A_REPOSITORY = { ok: false, reason: 'not-a-repository' } as const;

async function git(root: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: root, encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES });
  return stdout;
}

/** Whether `root` is in a git work tree; without git installed there is no history either. */
async function inWorkTree(root: string): Promise<boolean> {
  try {
    return (await git(root, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}

/** `file` (relative to root) as committed in `commit`; null when it is not there (or there is no commit). */
async function blob(root: string, commit: string, file: string): Promise<GitResult<string | null>> {
  if (!(await inWorkTree(root))) return NOT_A_REPOSITORY;
  try {
    // `<commit>:./<path>` is relative to cwd, so root may be a folder inside the repository.
    return { ok: true, value: await git(root, ['cat-file', 'blob', `${commit}:./${file}`]) };
  } catch {
    return { ok: true, value: null };
  }
}

/** The committed text of `file` (relative to root, e.g. 'schemas/tier-iv.json') at HEAD. */
export function fileAtHead(root: string, file: string): Promise<GitResult<string | null>> {
  return blob(root, 'HEAD', file);
}

/** The text of `file` in the commit `revision`, a full hash (as fileHistory or resolveCommit give it). */
export function fileAtRevision(
  root: string,
  revision: string,
  file: string,
): Promise<GitResult<string | null>> {
  if (!isFullHash(revision)) throw new Error('A revision must be a full commit hash (40 hex digits).');
  return blob(root, revision, file);
}

/** The full hash of the commit any revision git accepts names (`HEAD`, `origin/main`, …); null if none. */
export async function resolveCommit(root: string, revision: string): Promise<GitResult<string | null>> {
  if (!(await inWorkTree(root))) return NOT_A_REPOSITORY;
  try {
    const hash = await git(root, [
      'rev-parse',
      '--verify',
      '--quiet',
      '--end-of-options',
      `${revision}^{commit}`,
    ]);
    return { ok: true, value: hash.trim() };
  } catch {
    return { ok: true, value: null };
  }
}

/** The commits that changed `file`, newest first; none when nothing is committed yet. */
export async function fileHistory(root: string, file: string, limit = 50): Promise<GitResult<Version[]>> {
  const head = await resolveCommit(root, 'HEAD');
  if (!head.ok) return head;
  if (head.value === null) return { ok: true, value: [] };
  // One line per commit, the fields apart by the unit separator, which no name or subject holds.
  const log = await git(root, [
    'log',
    `--max-count=${Math.max(1, Math.floor(limit))}`,
    '--format=%H%x1f%aI%x1f%an%x1f%s',
    head.value,
    '--',
    file,
  ]);
  const versions = log
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [revision = '', date = '', author = '', subject = ''] = line.split('\x1f');
      return { revision, date, author, subject };
    });
  return { ok: true, value: versions };
}
