// The panel's texts (src/content/panel.json) and the names it shows for the server's ids: roles, tiers,
// mail kinds, audit actions, review states. An id the content does not name is shown as the server sent it.
import panelJson from '#content/panel.json';
import { prizes, tierById } from '#shared/campaign.ts';
import { fill } from '#shared/content/template.ts';

export const texts = panelJson;
export { fill };

const nameIn = (names: Record<string, string>) => (id: string) =>
  Object.prototype.hasOwnProperty.call(names, id) ? names[id]! : id;

export const roleName = nameIn(texts.roles);
export const roleNames = (roles: readonly string[]) => roles.map(roleName).join(', ');
export const actionName = nameIn(texts.audit.actions);
export const mailKindName = nameIn(texts.overview.mailKinds);
/** The queue's filters ("Czekają na zatwierdzenie"), and one statement's state ("Czeka na zatwierdzenie"). */
export const queueStateName = nameIn(texts.review.states);
export const reviewStateName = nameIn(texts.review.stateNames);
export const findingLevelName = nameIn(texts.statement.levels);

/** "I — Samochód osobowy": the tier registry's label and its prize (src/content/prizes.json). */
export function tierName(id: string): string {
  const tier = tierById(id);
  return tier
    ? fill(texts.overview.tierName, { label: tier.label, award: prizes.catalogue[tier.prize].award })
    : id;
}

/**
 * What became of a prize lost (rejected finally, or expired), in words; `passedTo` names the reserve's code
 * when the answer gives it.
 */
export function lostText(lost: string, passedTo?: { code: string } | null): string {
  if (lost === 'organiser') return texts.review.lost.organiser;
  if (lost === 'passed-to-reserve') {
    return passedTo ? fill(texts.review.lost.passedTo, { code: passedTo.code }) : texts.review.lost.passed;
  }
  if (lost === 'reserve-available') return texts.review.lost.available;
  return lost;
}

export const documentTitle = (page: string) => fill(texts.documentTitle, { page });
