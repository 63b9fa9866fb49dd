// spec §2: the parts of the statement page a field can be placed in, in page order. A field names its
// part in the UI schema (`ui:section`, schemas/definitions.ui.json; a tier file may move a field); a field
// that names none is one of the winner's data.
export const SECTIONS = {
  kupon: 'Kod promocyjny, zdjęcie kuponu i numer seryjny — na górze strony, przed tytułem oświadczenia',
  dane: 'Dane Laureata — pod instrukcją, z nagłówkiem „Dane Laureata”',
  zgody: 'Zgody i oświadczenia — pod danymi, przed klauzulą informacyjną',
  pep: 'Oświadczenie o eksponowanym stanowisku politycznym — na końcu, z własnym nagłówkiem',
} as const;

export type SectionId = keyof typeof SECTIONS;

const DEFAULT_SECTION: SectionId = 'dane';

/** The section a field of this UI schema is placed in (schemas:check refuses an unknown one). */
export function sectionOf(uiSchema: Record<string, unknown> | undefined, field: string): SectionId {
  const fieldUi = uiSchema?.[field] as Record<string, unknown> | undefined;
  const section = fieldUi?.['ui:section'];
  return typeof section === 'string' && section in SECTIONS ? (section as SectionId) : DEFAULT_SECTION;
}
