// docs/decisions/panel-page.md#drafts: a decision not yet sent (the reason chosen, the notes) is kept in the
// tab's sessionStorage, keyed by statement, so a reload or a session that ended does not lose it. It never
// goes to the server until the person sends it; a successful decision, or 'Anuluj', removes it.

const PREFIX = 'panel-draft:';

/** What a person has begun on a statement's decision. */
export interface DecisionDraft {
  rejecting?: boolean;
  reason?: string;
  note?: string;
  approvalNote?: string;
}

const keyOf = (statementId: string) => `${PREFIX}${statementId}`;

// Storage can be unavailable (a browser's privacy settings) or full: the page then simply keeps no draft.
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(statementId: string): DecisionDraft {
  try {
    const stored = storage()?.getItem(keyOf(statementId));
    return stored ? (JSON.parse(stored) as DecisionDraft) : {};
  } catch {
    return {};
  }
}

/** Keeps the draft; one with nothing in it is removed. */
export function writeDraft(statementId: string, draft: DecisionDraft) {
  const empty = !draft.rejecting && !draft.reason && !draft.note && !draft.approvalNote;
  try {
    if (empty) storage()?.removeItem(keyOf(statementId));
    else storage()?.setItem(keyOf(statementId), JSON.stringify(draft));
  } catch {
    // Full or refused: the draft stays in the page only.
  }
}

/** Whether this tab keeps any statement's draft (the login page says it waits there). */
export function hasDrafts(): boolean {
  const kept = storage();
  if (!kept) return false;
  for (let index = 0; index < kept.length; index++) {
    if (kept.key(index)?.startsWith(PREFIX)) return true;
  }
  return false;
}
