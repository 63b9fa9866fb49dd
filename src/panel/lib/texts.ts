// The panel's texts (src/content/panel.json) and the names it shows for the server's ids: roles, tiers,
// mail kinds, audit actions. An id the content does not name is shown as the server sent it.
import panelJson from '#content/panel.json';
import prizesJson from '#content/prizes.json';
import { fill } from '#shared/content/template.ts';

export const texts = panelJson;
export { fill };

const nameIn = (names: Record<string, string>) => (id: string) =>
  Object.prototype.hasOwnProperty.call(names, id) ? names[id]! : id;

export const roleName = nameIn(texts.roles);
export const roleNames = (roles: readonly string[]) => roles.map(roleName).join(', ');
export const actionName = nameIn(texts.audit.actions);
export const mailKindName = nameIn(texts.overview.mailKinds);

const catalogue: Record<string, { award: string }> = prizesJson.catalogue;

/** "I — Samochód osobowy": the tier registry's label and its prize (src/content/prizes.json). */
export function tierName(id: string): string {
  const tier = prizesJson.tiers.find((candidate) => candidate.id === id);
  const prize = tier && catalogue[tier.prize];
  return tier && prize ? fill(texts.overview.tierName, { label: tier.label, award: prize.award }) : id;
}

export const documentTitle = (page: string) => fill(texts.documentTitle, { page });
