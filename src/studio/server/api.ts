import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { campaign } from '#shared/campaign.ts';
import { JsonFileError, parseJsonText } from '#tooling/json-file.ts';
import { sameJson } from '#shared/json.ts';
import type { SharedDefinitions, TierFile } from '#shared/statement/tier-forms.ts';
import { changeLine, describeChangesOrSay } from '../changes';
import { fileAtHead, fileAtRevision, fileHistory, isFullHash } from './git';
import { formChanges } from './form-changes';
import { checkForm } from '../model';
import { formById, formOfRoute, STUDIO_FORMS, type StudioForm } from '../forms';
import { readFormFile, readSharedFiles } from './project';
import { SaveError, saveForms } from './save';
import { readSaves, recordSave } from './save-log';
import type { ChangesReply, FormState, SaveRequest } from '../studio-api';

// The studio's calls (/studio/api/…), answered from the files of the checkout the studio runs in. Every
// path it touches comes from the forms' registry (forms.ts): a request names a form, never a file.

const API = '/studio/api/';
const MAX_BODY = 1_000_000;
const NOT_GIT = 'Ten folder nie jest repozytorium git — historii i zmian nie ma skąd wziąć.';
const CONFLICT =
  'Ten formularz został w międzyczasie zapisany gdzie indziej (w innej karcie albo przez inną osobę). ' +
  'Nic nie zapisano: studio pokazuje teraz, co się zmieniło — zdecyduj, co zrobić ze swoimi zmianami.';

/** The checkout the studio edits, as an id: the page keeps its drafts per checkout. */
const checkoutId = (root: string) => createHash('sha256').update(root).digest('hex').slice(0, 12);

type Reply = { status: number; body: unknown };

const reply = (body: unknown, status = 200): Reply => ({ status, body });
const notFound = () => reply({ message: 'Nie ma takiego formularza.' }, 404);

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new RangeError('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function formSummary(root: string, form: StudioForm, shared = readSharedFiles(root)): FormState {
  const read = readFormFile(root, form);
  if (!read.ok) return { id: form.id, label: form.label, file: null, problems: read.problems };
  const problems = shared.ok ? checkForm(form, read.file, shared.shared) : shared.problems;
  return { id: form.id, label: form.label, file: read.file as TierFile, problems };
}

async function changes(root: string): Promise<Reply> {
  const shared = readSharedFiles(root);
  if (!shared.ok) return reply({ ok: false, message: 'Pliki wspólne formularzy mają błędy.' });
  const changed = await formChanges(
    root,
    shared.shared,
    (file) => fileAtHead(root, file),
    'ostatniego zatwierdzenia',
  );
  if (!changed.ok) return reply({ ok: false, message: NOT_GIT });
  const tiers: Extract<ChangesReply, { ok: true }>['tiers'] = changed.value
    .map(({ form, items, problems }) => ({
      id: form.id,
      label: form.label,
      items: [...problems.map((text) => ({ text })), ...items],
    }))
    .filter(({ items }) => items.length > 0);
  return reply({ ok: true, tiers });
}

/** What a version of a form's file changed, in Polish, one line each (schemas:diff's words). */
function describeLines(
  form: StudioForm,
  before: unknown,
  after: unknown,
  shared: SharedDefinitions,
): string[] {
  return describeChangesOrSay({
    form,
    before: before as TierFile | null,
    after: after as TierFile,
    shared,
    onlinePrefix: campaign.onlineCodePrefix,
  }).map(changeLine);
}

/** A form's file's text in git, parsed; null when it is not there or does not parse. */
async function versionFile(root: string, form: StudioForm, revision: string): Promise<unknown> {
  const text = await fileAtRevision(root, revision, form.file);
  try {
    return text.ok && text.value !== null ? parseJsonText(text.value, form.file) : null;
  } catch {
    return null;
  }
}

async function history(root: string, form: StudioForm, revision: string | undefined): Promise<Reply> {
  if (revision === undefined) {
    const saves = readSaves(root, form);
    const commits = await fileHistory(root, form.file);
    if (!commits.ok) return reply({ ok: true, saves, versions: [], message: NOT_GIT });
    const shared = readSharedFiles(root);
    const files = await Promise.all(commits.value.map(({ revision }) => versionFile(root, form, revision)));
    const versions = commits.value.map((version, index) => ({
      ...version,
      items: shared.ok ? describeLines(form, files[index + 1] ?? null, files[index], shared.shared) : [],
    }));
    return reply({ ok: true, saves, versions });
  }
  if (!isFullHash(revision)) return notFound();
  const text = await fileAtRevision(root, revision, form.file);
  if (!text.ok) return reply({ ok: false, message: NOT_GIT });
  if (text.value === null) return notFound();
  try {
    return reply({ ok: true, file: parseJsonText(text.value, form.file) });
  } catch (error) {
    if (error instanceof JsonFileError) return reply({ ok: false, message: error.message });
    throw error;
  }
}

async function route(root: string, request: IncomingMessage): Promise<Reply> {
  const url = new URL(request.url ?? '/', 'http://studio');
  const [resource, id, part, revision] = url.pathname.slice(API.length).split('/');
  const method = request.method ?? 'GET';
  if (resource === 'shared' && method === 'GET') {
    const shared = readSharedFiles(root);
    return reply(
      shared.ok
        ? { ok: true, checkout: checkoutId(root), ...shared.shared }
        : { ok: false, problems: shared.problems },
    );
  }
  if (resource === 'changes' && method === 'GET') return changes(root);
  if (resource !== 'tiers') return notFound();
  if (id === undefined && method === 'GET') {
    const shared = readSharedFiles(root);
    return reply(STUDIO_FORMS.map((form) => formSummary(root, form, shared)));
  }
  const form = formOfRoute(id);
  if (!form) return notFound();
  if (part === 'history' && method === 'GET') return history(root, form, revision);
  if (part !== undefined) return notFound();
  if (method === 'GET') return reply(formSummary(root, form));
  if (method !== 'POST') return notFound();
  let body: unknown;
  try {
    body = await readBody(request);
  } catch {
    return reply(
      { message: 'Studio nie mogło odczytać zmian — odśwież stronę i spróbuj ponownie.', conflict: false },
      400,
    );
  }
  const { file, base, also } = (body ?? {}) as Partial<SaveRequest>;
  const saving = [
    { form, file, base },
    ...(Array.isArray(also) ? also : []).map((other) => ({ ...other, form: formById(String(other?.id)) })),
  ];
  if (saving.some((other) => !other.form)) return notFound();
  // Saved meanwhile elsewhere (another tab, a colleague, git): saving now would undo that silently.
  const changedMeanwhile = saving.some((other) => {
    const current = readFormFile(root, other.form!);
    return !sameJson(other.base, current.ok ? current.file : null);
  });
  if (changedMeanwhile) return reply({ message: CONFLICT, conflict: true }, 409);
  try {
    const saved = await saveForms(root, new Map(saving.map((other) => [other.form!.id, other.file])));
    if (!saved.ok) return reply(saved, 422);
    const shared = readSharedFiles(root);
    for (const other of saving) {
      // The file before the save is its base: the check above found them equal.
      const items = shared.ok
        ? describeLines(other.form!, other.base ?? null, other.file, shared.shared)
        : [];
      recordSave(root, other.form!, items, other.file as TierFile);
    }
    return reply({ ok: true, ...formSummary(root, form, shared) });
  } catch (error) {
    if (error instanceof SaveError) return reply({ message: error.message, conflict: false }, 500);
    throw error;
  }
}

/** The connect middleware of the studio's calls. */
export function studioApi(root: string) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if (!request.url?.startsWith(API)) return next();
    void route(root, request)
      .catch((): Reply => reply({ message: 'Coś poszło nie tak w studiu — spróbuj ponownie.' }, 500))
      .then(({ status, body }) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.setHeader('cache-control', 'no-store');
        response.end(JSON.stringify(body));
      });
  };
}
