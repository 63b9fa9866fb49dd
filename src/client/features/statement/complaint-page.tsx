import { fill } from '#shared/content/template.ts';
import { longPolishDate } from '#shared/content/polish-dates.ts';
import { COMPLAINT_ENDPOINT } from '#shared/complaint/complaint-path.ts';
import type { JsonObject } from '#shared/json.ts';
import type { loadComplaintForm } from '#shared/statement/validator-loaders.ts';
import { useHydrated } from '../../lib/hydrated';
import { ReferenceLine, StatementForm } from './statement-form';
import type { FormPage } from './templates';
import { submitForm } from './submit-statement';

export type ComplaintPageProps = Awaited<ReturnType<typeof loadComplaintForm>>;

/** What the complaint's page says around its fields (the form studio's preview says the same). */
export const complaintFormPage = (texts: ComplaintPageProps['texts']): FormPage => ({
  intro: (
    <>
      <h1 className="statement__title">{texts.title}</h1>
      <p className="statement__prize">{texts.intro}</p>
    </>
  ),
  dataHeading: texts.dataHeading,
  clause: { title: texts.clauseTitle, text: texts.clause },
});

/**
 * docs/decisions/complaints.md#form: /reklamacja, the engine's form page with the complaint's form: the same
 * widgets, templates, browser validation and server messages as a statement's; its confirmation gives the
 * reference and the day the answer is due.
 */
export function ComplaintPage({ form, validator, toBody, texts }: ComplaintPageProps) {
  // As a statement page: no input before hydration (React would never see what was typed).
  const hydrated = useHydrated();
  return (
    <div className="statement">
      <noscript>
        <p className="statement__no-script">{texts.noScript}</p>
      </noscript>
      <StatementForm
        form={form}
        validator={validator}
        page={complaintFormPage(texts)}
        toBody={(data) => toBody(data as JsonObject)}
        send={(body) => submitForm(COMPLAINT_ENDPOINT, body)}
        submitLabel={texts.submit}
        success={{
          title: texts.successTitle,
          content: ({ reference, deadline }) => (
            <>
              {reference && (
                <ReferenceLine
                  reference={reference}
                  template={texts.successReference}
                  hint={texts.successReferenceHint}
                />
              )}
              {deadline && <p>{fill(texts.successDeadline, { deadline: longPolishDate(deadline) })}</p>}
            </>
          ),
        }}
        disabled={!hydrated}
      />
    </div>
  );
}
