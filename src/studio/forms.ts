import { prizes, type Tier, type TierId } from '#shared/campaign.ts';
import { COMPLAINT_SCHEMA_FILE } from '#shared/complaint/complaint-fields.ts';

// docs/decisions/studio.md#form-studio: the forms the studio edits, one registry: every tier's statement
// (prizes.json) and the complaint form (docs/decisions/complaints.md#form). Addresses, files, checks, locks,
// saves, history and the preview all start from an entry here, never from a file name a request gives.

/** A form's id: a tier's, or `complaint`. */
export type FormId = TierId | 'complaint';

export interface StudioForm {
  id: FormId;
  /** Its name in change lines ('IV: …', 'reklamacja: …'). */
  label: string;
  /** Its heading in Polish ('Oświadczenie IV', 'Reklamacja'). */
  title: string;
  /** What the list says of it: the tier's prize, or the form's page. */
  about: string;
  /** Its file, from the checkout's root. */
  file: string;
  /** The tier a statement form is of (its payload contract); none for the complaint form. */
  tier?: Tier;
}

const tierForm = (tier: Tier): StudioForm => ({
  id: tier.id,
  label: tier.label,
  title: `Oświadczenie ${tier.label}`,
  about: prizes.catalogue[tier.prize]?.award ?? '',
  file: `schemas/${tier.schema}`,
  tier,
});

export const COMPLAINT_FORM: StudioForm = {
  id: 'complaint',
  label: 'reklamacja',
  title: 'Reklamacja',
  about: 'Formularz reklamacji (/reklamacja)',
  file: COMPLAINT_SCHEMA_FILE,
};

export const STUDIO_FORMS: readonly StudioForm[] = [...prizes.tiers.map(tierForm), COMPLAINT_FORM];

export const formById = (id: string): StudioForm | undefined => STUDIO_FORMS.find((form) => form.id === id);

/** A form's id in the studio's addresses: /studio/iv, /studio/complaint, /studio/api/tiers/winto. */
export const routeOf = (id: FormId) => id.toLowerCase();

/** The form an address names, if any. */
export const formOfRoute = (route: string | undefined) =>
  STUDIO_FORMS.find((form) => routeOf(form.id) === route);
