// docs/decisions/panel-page.md#audit-page: an audit entry in words. The trail holds ids and keys only
// (docs/decisions/staff.md#audit-trail); the answer gives the e-mails, references and codes they stand for,
// and the content (panel.json, review.json) the words.
import reviewTexts from '#content/review.json';
import type { AuditEntry, AuditPage } from '../../lib/api-types';
import { fill, roleNames, texts, tierName } from '../../lib/texts';

type Names = Pick<AuditPage, 'people' | 'statements' | 'claims'>;

const own = (names: object, key: string) => Object.prototype.hasOwnProperty.call(names, key);
const valueName = (value: string) =>
  own(texts.audit.values, value) ? texts.audit.values[value as keyof typeof texts.audit.values] : value;
const fieldName = (field: string) =>
  own(reviewTexts.fields, field) ? reviewTexts.fields[field as keyof typeof reviewTexts.fields] : field;
const reasonName = (key: string) => reviewTexts.reasons.find((reason) => reason.key === key)?.label ?? key;
/** docs/decisions/review.md#unmasking: the looks at the data that carry the need's key as their reason. */
const LOOKS: readonly string[] = ['statement-revealed', 'photo-viewed'];

function statementName(id: string, names: Names): string | undefined {
  if (!names.statements || !own(names.statements, id)) return undefined;
  const reference = names.statements[id];
  return reference
    ? fill(texts.audit.statementSubject, { reference })
    : fill(texts.audit.statementWithoutReference, { id });
}

function claimName(id: string, names: Names): string | undefined {
  const claim = names.claims && own(names.claims, id) ? names.claims[id] : undefined;
  return claim && fill(texts.audit.claimSubject, { code: claim.code, tier: tierName(claim.tier) });
}

/**
 * 'Kto': the person who acted, by e-mail, or the operator's command; with 'Dotyczy', who acted for whom
 * (an admin's invitation, reset or change of roles names both: docs/decisions/staff.md#audit-trail).
 */
export function actorText(actor: string, names: Names): string {
  if (own(names.people, actor)) return names.people[actor]!;
  if (actor === 'operator') return texts.audit.operator;
  // docs/decisions/staff.md#failed-logins: a login with a passkey nobody has.
  return actor === 'anonymous' ? texts.audit.anonymous : actor;
}

/** 'Dotyczy': a person's e-mail, a statement's reference, a claim's code; an id the answer does not name as is. */
export function subjectText(subject: string | null, names: Names): string {
  if (!subject) return texts.empty;
  return (
    (own(names.people, subject) ? names.people[subject] : undefined) ??
    statementName(subject, names) ??
    claimName(subject, names) ??
    subject
  );
}

/** One detail's value in words: roles by name, outcomes, a field's label, a reason's label, statements' numbers. */
function valueText(key: string, value: unknown, names: Names): string {
  if (typeof value === 'boolean') return valueName(value ? 'yes' : 'no');
  if (Array.isArray(value)) {
    if (value.length === 0) return valueName('none');
    if (key === 'statements')
      return value.map((id: unknown) => statementName(String(id), names) ?? String(id)).join(', ');
    if (['roles', 'before', 'after'].includes(key)) return roleNames(value.map(String));
    return value.map(String).join(', ');
  }
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (key === 'role') return roleNames([value]);
  if (key === 'field') return fieldName(value);
  if (key === 'reason') return reasonName(value);
  if (key === 'claim') return claimName(value, names) ?? value;
  return valueName(value);
}

/** 'Powód': a look's need by its label (entries made before the list hold the words typed); else as written. */
export function reasonText(entry: AuditEntry): string {
  if (!entry.reason) return texts.empty;
  const need = LOOKS.includes(entry.action)
    ? reviewTexts.revealReasons.find((reason) => reason.key === entry.reason)
    : undefined;
  return need?.label ?? entry.reason;
}

/** 'Szczegóły': each detail as "Label: value" in Polish; a key the content does not name is shown as is. */
export function detailLines(entry: AuditEntry, names: Names): string[] {
  const { details } = entry;
  if (details === null || details === undefined || details === '') return [];
  if (typeof details !== 'object') return [String(details)];
  return Object.entries(details).map(([key, value]) =>
    fill(texts.audit.detail, {
      label: own(texts.audit.details, key)
        ? texts.audit.details[key as keyof typeof texts.audit.details]
        : key,
      value: valueText(key, value, names),
    }),
  );
}
