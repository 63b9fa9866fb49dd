import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileAtHead, fileAtRevision, fileHistory, resolveCommit } from '#studio/server/git.ts';

// The studio's view of git, on throwaway repositories in the temp folder (never this checkout's own).

const run = promisify(execFile);
const folders: string[] = [];
const FILE = 'schemas/tier-iv.json';
const NOT_A_REPOSITORY = { ok: false, reason: 'not-a-repository' };

function tempFolder(): string {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-git-')));
  folders.push(folder);
  return folder;
}

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

async function commit(root: string, subject: string, date: string): Promise<void> {
  const who = { name: 'Anna Redaktorka', email: 'anna@example.pl' };
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: who.name,
    GIT_AUTHOR_EMAIL: who.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: who.name,
    GIT_COMMITTER_EMAIL: who.email,
    GIT_COMMITTER_DATE: date,
  };
  await run('git', ['add', '-A'], { cwd: root, env });
  await run('git', ['commit', '-q', '--no-gpg-sign', '-m', subject], { cwd: root, env });
}

async function newRepository(): Promise<string> {
  const root = tempFolder();
  await run('git', ['init', '-q'], { cwd: root });
  return root;
}

const headOf = async (root: string) => (await run('git', ['rev-parse', 'HEAD'], { cwd: root })).stdout.trim();

beforeAll(() => {
  // A temp folder that happened to lie inside some repository would not be 'outside git'.
  vi.stubEnv('GIT_CEILING_DIRECTORIES', fs.realpathSync(os.tmpdir()));
});

afterAll(() => {
  vi.unstubAllEnvs();
  folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true }));
});

describe('outside a git repository', () => {
  it('every question answers not-a-repository instead of failing', async () => {
    const root = tempFolder();
    write(root, FILE, '{}');
    expect(await fileAtHead(root, FILE)).toEqual(NOT_A_REPOSITORY);
    expect(await fileHistory(root, FILE)).toEqual(NOT_A_REPOSITORY);
    expect(await fileAtRevision(root, 'a'.repeat(40), FILE)).toEqual(NOT_A_REPOSITORY);
    expect(await resolveCommit(root, 'HEAD')).toEqual(NOT_A_REPOSITORY);
  });
});

describe('in a repository with no commit yet', () => {
  it('there is no committed version and no history', async () => {
    const root = await newRepository();
    write(root, FILE, '{}');
    expect(await fileAtHead(root, FILE)).toEqual({ ok: true, value: null });
    expect(await fileHistory(root, FILE)).toEqual({ ok: true, value: [] });
    expect(await resolveCommit(root, 'HEAD')).toEqual({ ok: true, value: null });
  });
});

describe('in a repository with history', () => {
  let root: string;
  const revisions: string[] = [];

  beforeAll(async () => {
    root = await newRepository();
    write(root, 'README.md', 'przed formularzem\n');
    await commit(root, 'Początek', '2026-01-01T09:00:00+01:00');
    revisions.push(await headOf(root));
    write(root, FILE, '{ "wersja": 1 }\n');
    await commit(root, 'Formularz IV', '2026-01-02T10:00:00+01:00');
    revisions.push(await headOf(root));
    write(root, 'README.md', 'inny plik\n');
    await commit(root, 'Tylko README', '2026-01-03T11:00:00+01:00');
    write(root, FILE, '{ "wersja": 2 }\n');
    await commit(root, 'Ulica obowiązkowa', '2026-01-04T12:00:00+01:00');
    revisions.push(await headOf(root));
    // Uncommitted work is not the committed text.
    write(root, FILE, '{ "wersja": 3 }\n');
  });

  it('fileAtHead gives the committed text, null for a file not committed', async () => {
    expect(await fileAtHead(root, FILE)).toEqual({ ok: true, value: '{ "wersja": 2 }\n' });
    write(root, 'schemas/tier-new.json', '{}');
    expect(await fileAtHead(root, 'schemas/tier-new.json')).toEqual({ ok: true, value: null });
  });

  it('fileAtHead reads relative to a root inside the repository', async () => {
    expect(await fileAtHead(path.join(root, 'schemas'), 'tier-iv.json')).toEqual({
      ok: true,
      value: '{ "wersja": 2 }\n',
    });
  });

  it("fileHistory lists the commits that changed the file, newest first, with git's details", async () => {
    expect(await fileHistory(root, FILE)).toEqual({
      ok: true,
      value: [
        {
          revision: revisions[2],
          date: '2026-01-04T12:00:00+01:00',
          author: 'Anna Redaktorka',
          subject: 'Ulica obowiązkowa',
        },
        {
          revision: revisions[1],
          date: '2026-01-02T10:00:00+01:00',
          author: 'Anna Redaktorka',
          subject: 'Formularz IV',
        },
      ],
    });
    const limited = await fileHistory(root, FILE, 1);
    expect(limited.ok && limited.value.map((version) => version.revision)).toEqual([revisions[2]]);
  });

  it('fileAtRevision gives the text of that commit, null where the file did not exist yet', async () => {
    expect(await fileAtRevision(root, revisions[1]!, FILE)).toEqual({ ok: true, value: '{ "wersja": 1 }\n' });
    expect(await fileAtRevision(root, revisions[0]!, FILE)).toEqual({ ok: true, value: null });
    expect(await fileAtRevision(root, 'f'.repeat(40), FILE)).toEqual({ ok: true, value: null });
  });

  it('fileAtRevision refuses anything but a full commit hash', async () => {
    for (const revision of ['HEAD', 'HEAD~1', revisions[1]!.slice(0, 12), `--output=${root}/x`, '']) {
      expect(() => fileAtRevision(root, revision, FILE)).toThrow(Error);
    }
  });

  it('resolveCommit turns any revision git knows into its hash, and an unknown one into null', async () => {
    expect(await resolveCommit(root, 'HEAD')).toEqual({ ok: true, value: revisions[2] });
    expect(await resolveCommit(root, 'HEAD~2')).toEqual({ ok: true, value: revisions[1] });
    expect(await resolveCommit(root, 'nie-ma-takiej')).toEqual({ ok: true, value: null });
    expect(await resolveCommit(root, '--all')).toEqual({ ok: true, value: null });
  });
});
