import { useEffect, useMemo, useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { campaign } from '#shared/campaign.ts';
import type { JsonObject } from '#shared/json.ts';
import { complaintBody, complaintPageTexts } from '#shared/complaint/complaint-form.ts';
import { buildPayload, flatten, PAYLOAD_PATH_OF_FORM_FIELD } from '#shared/statement/payload.ts';
import type { StatementFormData } from '#shared/statement/generated/form-data.ts';
import { texts } from '#shared/content/statement-texts.ts';
import type { SharedFiles } from '#tooling/schema-check.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';
import { composeTierForm, type TierFile } from '#shared/statement/tier-forms.ts';
import type { TierValidator } from '#shared/statement/validators.ts';
import { StatementForm } from '#client/features/statement/statement-form.tsx';
import { statementSuccess } from '#client/features/statement/statement-success.tsx';
import { statementFormPage } from '#client/features/statement/templates.tsx';
import { complaintFormPage } from '#client/features/statement/complaint-page.tsx';
import '#client/features/statement/statement.css';
import type { Edit } from '../model';
import type { StudioForm } from '../forms';

// The live preview: the real statement form (the project's widgets, templates and messages) of the file
// being edited, validated by the same ajv set-up the precompiled validators are generated from. Compiling
// at run time is fine here: the studio is no page of the product and has no Content-Security-Policy.
const validator = runtimeValidator() as TierValidator;

/** The form field each payload value comes from ('name' → 'firstName', 'address.city' → 'address_city'). */
const FORM_FIELD_OF_PAYLOAD = new Map([...PAYLOAD_PATH_OF_FORM_FIELD].map(([field, path]) => [path, field]));

/** The values no form field gives, named here. */
const OWN_NAMES: Record<string, string> = {
  type: 'Poziom nagrody',
  codeType: 'Rodzaj kodu',
  hash: 'Identyfikator z linku w e-mailu',
};

/** A value as words: yes or no, nothing, or a long text (the coupon photo) cut with its length. */
function shown(value: unknown): string {
  if (value === true) return 'tak';
  if (value === false) return 'nie';
  if (value === null || value === '') return '—';
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 60)}… (${text.length} znaków)` : text;
}

/** The preview's element of the field an edit changed (a consent's own box for its wording). */
function changedElement(edit: Edit): Element | null {
  const part = edit.kind === 'text' ? /^part(?:Short)?:(.+)$/.exec(edit.key)?.[1] : undefined;
  const id = `root_${edit.field}${part ? `_${part}` : ''}`;
  const input = document.getElementById(id) ?? document.querySelector(`[id^="${id}_"]`);
  return input?.closest('.field, fieldset') ?? null;
}

/** The page a form is filled in on, as the site has it: a tier's statement page, or /reklamacja. */
function pageOf(form: StudioForm) {
  const { tier } = form;
  if (!tier) {
    return {
      page: complaintFormPage(complaintPageTexts),
      toBody: (data: StatementFormData) => complaintBody(data as JsonObject) as unknown as JsonObject,
      success: { title: complaintPageTexts.successTitle, content: () => null },
      submitLabel: complaintPageTexts.submit,
    };
  }
  // A tier claimed by the e-mailed link sends its hash: the preview sends a sample one.
  const hash = tier.claimBy === 'hash' ? 'przykladowy-hash-z-linku' : null;
  return {
    page: statementFormPage(tier),
    toBody: (data: StatementFormData, visible: ReadonlySet<string>) =>
      buildPayload(tier, data, { hash, visible }) as unknown as JsonObject,
    success: statementSuccess(tier),
    submitLabel: texts.submit,
  };
}

export function Preview({
  form: studioForm,
  file,
  shared,
  changed,
  names,
  technical,
}: {
  form: StudioForm;
  file: TierFile;
  shared: SharedFiles;
  /** The last edit: the preview scrolls to its field and marks it. */
  changed: Edit | undefined;
  /** The Polish names of the form's fields (model.ts fieldNames). */
  names: ReadonlyMap<string, string>;
  /** Whether the data's own names are shown too ('Szczegóły techniczne'). */
  technical: boolean;
}) {
  const [payload, setPayload] = useState<JsonObject>();
  const form = useMemo(() => {
    try {
      return composeTierForm(studioForm.id, file, shared, campaign.onlineCodePrefix);
    } catch {
      return undefined;
    }
  }, [studioForm.id, file, shared]);
  useEffect(() => {
    document.querySelector('[data-studio-changed]')?.removeAttribute('data-studio-changed');
    const element = changed && changedElement(changed);
    element?.setAttribute('data-studio-changed', '');
    element?.scrollIntoView({ block: 'center' });
  }, [changed, form]);
  const { page, toBody, success, submitLabel } = useMemo(() => pageOf(studioForm), [studioForm]);
  const who = studioForm.tier ? 'laureat' : 'składający reklamację';
  return (
    <div className="studio-preview">
      <section aria-labelledby="podglad" className="studio-preview__form">
        <h2 id="podglad">Podgląd formularza</h2>
        <p className="studio-note">
          Tak formularz zobaczy {who}. Wypełnij go, aby sprawdzić komunikaty — nic nie zostanie wysłane.
        </p>
        {form ? (
          <MemoryRouter initialEntries={['/formularz']}>
            <Routes>
              <Route
                path="/formularz"
                element={
                  <div className="statement">
                    <StatementForm
                      form={form}
                      validator={validator}
                      page={page}
                      toBody={toBody}
                      send={async () => ({ ok: true })}
                      onPayload={setPayload}
                      submitLabel={submitLabel}
                      success={success}
                    />
                  </div>
                }
              />
              <Route
                path="*"
                element={
                  <p>
                    Po wysłaniu {who} wraca na stronę główną.{' '}
                    <Link to="/formularz">Wypełnij podgląd jeszcze raz</Link>
                  </p>
                }
              />
            </Routes>
          </MemoryRouter>
        ) : (
          <p role="status">Podgląd pojawi się, gdy plik formularza nie będzie miał błędów budowy.</p>
        )}
      </section>
      <section aria-labelledby="dane-do-wyslania">
        <h2 id="dane-do-wyslania">Dane do wysłania</h2>
        <p className="studio-note">Tyle formularz wysłałby teraz Organizatorowi.</p>
        <div className="studio-preview__data" tabIndex={0}>
          <table className="studio-data" aria-labelledby="dane-do-wyslania" data-testid="payload">
            <thead>
              <tr>
                <th scope="col">Pole</th>
                <th scope="col">Wartość</th>
                {technical && <th scope="col">Nazwa w danych (docs/api.md)</th>}
              </tr>
            </thead>
            <tbody>
              {Object.entries(flatten(payload ?? {})).map(([path, value]) => (
                <tr key={path}>
                  <th scope="row">
                    {(studioForm.tier
                      ? names.get(FORM_FIELD_OF_PAYLOAD.get(path) ?? '')
                      : (names.get(path) ?? names.get(path.split('.')[0]!))) ??
                      OWN_NAMES[path] ??
                      path}
                  </th>
                  <td>{shown(value)}</td>
                  {technical && <td>{path}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
