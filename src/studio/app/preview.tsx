import { useEffect, useMemo, useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { campaign, type Tier } from '#shared/campaign.ts';
import type { StatementPayload } from '#shared/statement/payload.ts';
import type { SharedFiles } from '#shared/statement/schema-check.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';
import { composeTierForm, type TierFile } from '#shared/statement/tier-forms.ts';
import type { TierValidator } from '#shared/statement/validators.ts';
import { StatementForm } from '#client/features/statement/statement-form.tsx';
import '#client/features/statement/statement.css';
import type { Edit } from '../model';

// The live preview: the real statement form (the project's widgets, templates and messages) of the file
// being edited, validated by the same ajv set-up the precompiled validators are generated from. Compiling
// at run time is fine here: the studio is no page of the product and has no Content-Security-Policy.
const validator = runtimeValidator() as TierValidator;

/** Long values (the coupon photo's base64) are cut in the panel; the payload itself stays whole. */
const readable = (payload: StatementPayload | undefined) =>
  JSON.stringify(
    payload ?? {},
    (_key, value: unknown) =>
      typeof value === 'string' && value.length > 120
        ? `${value.slice(0, 60)}… (${value.length} znaków)`
        : value,
    2,
  );

/** The preview's element of the field an edit changed (a consent's own box for its wording). */
function changedElement(edit: Edit): Element | null {
  const part = edit.kind === 'text' ? /^part(?:Short)?:(.+)$/.exec(edit.key)?.[1] : undefined;
  const id = `root_${edit.field}${part ? `_${part}` : ''}`;
  const input = document.getElementById(id) ?? document.querySelector(`[id^="${id}_"]`);
  return input?.closest('.field, fieldset') ?? null;
}

export function Preview({
  tier,
  file,
  shared,
  changed,
}: {
  tier: Tier;
  file: TierFile;
  shared: SharedFiles;
  /** The last edit: the preview scrolls to its field and marks it. */
  changed: Edit | undefined;
}) {
  const [payload, setPayload] = useState<StatementPayload>();
  const form = useMemo(() => {
    try {
      return composeTierForm(tier.id, file, shared, campaign.onlineCodePrefix);
    } catch {
      return undefined;
    }
  }, [tier.id, file, shared]);
  useEffect(() => {
    document.querySelector('[data-studio-changed]')?.removeAttribute('data-studio-changed');
    const element = changed && changedElement(changed);
    element?.setAttribute('data-studio-changed', '');
    element?.scrollIntoView({ block: 'center' });
  }, [changed, form]);
  // A tier claimed by the e-mailed link sends its hash: the preview sends a sample one.
  const hash = tier.claimBy === 'hash' ? 'przykladowy-hash-z-linku' : null;
  return (
    <div className="studio-preview">
      <section aria-labelledby="podglad" className="studio-preview__form">
        <h2 id="podglad">Podgląd formularza</h2>
        <p className="studio-note">
          Tak formularz zobaczy laureat. Wypełnij go, aby sprawdzić komunikaty — nic nie zostanie wysłane.
        </p>
        {form ? (
          <MemoryRouter initialEntries={['/formularz']}>
            <Routes>
              <Route
                path="/formularz"
                element={
                  <div className="statement">
                    <StatementForm
                      tier={tier}
                      form={form}
                      validator={validator}
                      hash={hash}
                      lockedCode={undefined}
                      send={async () => ({ ok: true })}
                      onPayload={setPayload}
                    />
                  </div>
                }
              />
              <Route
                path="*"
                element={
                  <p>
                    Po wysłaniu laureat wraca na stronę główną.{' '}
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
      <section aria-labelledby="dane-do-wyslania" className="studio-preview__payload">
        <h2 id="dane-do-wyslania">Dane do wysłania</h2>
        <p className="studio-note">
          Tyle formularz wysłałby teraz do serwera (dane opisane w shared/API.md).
        </p>
        <pre tabIndex={0} aria-labelledby="dane-do-wyslania" data-testid="payload">
          {readable(payload)}
        </pre>
      </section>
    </div>
  );
}
