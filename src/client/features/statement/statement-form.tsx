import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { texts } from '#shared/content/statement-texts.ts';
import { normalizeText } from '#shared/normalize-text.ts';
import type { StatementFormData } from '#shared/statement/generated/form-data.ts';
import type { TierForm } from '#shared/statement/tier-forms.ts';
import { firstMessagePerField } from '#shared/statement/statement-errors.ts';
import { visibleFields, type TierValidator } from '#shared/statement/validators.ts';
import { widgets } from '#widgets/registry.ts';
import { Modal } from '../../components/modal';
import { scrollBehavior } from '../../lib/scroll';
import { errorParagraphs } from './error-paragraphs';
import { fieldId, focusTargetId, missingFields } from './missing-fields';
import { MissingList } from './missing-list';
import type { SubmitResult } from './submit-statement';
import { templates, type FormPage, type PageFormContext } from './templates';

/** What a sent form's answer gave: a statement's reference; a complaint's reference and deadline. */
export type Sent = Extract<SubmitResult, { ok: true }>;

/**
 * The engine's form page (spec §2, §4, §5): the statements' and the complaint's (docs/decisions/complaints.md#form).
 * `Body` is what the form sends: a statement's payload, a complaint's body.
 */
export interface StatementFormProps<Body> {
  /** The form: its file in schemas/ on the page; the edited file in the form studio's preview. */
  form: TierForm;
  validator: TierValidator;
  /** What the page says around the fields (templates.tsx). */
  page: FormPage;
  /** spec §2: the code passed from the code checker or the link, prefilled and locked. */
  lockedCode?: string | undefined;
  /** Where the locked code came from, as the code field says. */
  codeLocked?: 'link' | 'checker' | undefined;
  /** The body the form's data (Unicode NFC) sends, given the fields it shows. */
  toBody: (data: StatementFormData, visible: ReadonlySet<string>) => Body;
  /** Where a complete form goes: the server's call on the page, the payload panel in the studio. */
  send: (body: Body) => Promise<SubmitResult>;
  /** Told what the form would send, whenever its data changes (the studio's payload panel). */
  onPayload?: (body: Body) => void;
  submitLabel: string;
  /** The confirmation once sent: its title and what it says above the button home. */
  success: { title: string; content: (sent: Sent) => ReactNode };
  /** Takes no input: the server's form before the page is hydrated (React would never see what is typed). */
  disabled?: boolean;
}

/** Field messages ("consents.rules" → message) as rjsf's nested error schema. */
function toErrorSchema(messages: ReadonlyMap<string, string>): ErrorSchema {
  const schema: ErrorSchema = {};
  for (const [path, message] of messages) {
    let node = schema as Record<string, ErrorSchema>;
    for (const part of path.split('.')) node = (node[part] ??= {}) as Record<string, ErrorSchema>;
    (node as ErrorSchema).__errors = [message];
  }
  return schema;
}

/** Each field's message for this data, timed for the benchmark (npm run bench: validation per keystroke). */
function fieldMessages(validator: TierValidator, schema: RJSFSchema, formData: StatementFormData) {
  const started = performance.now();
  const messages = firstMessagePerField(validator.rawValidation(schema, formData).errors ?? []);
  performance.measure?.('statement:validate', { start: started });
  return messages;
}

type Outcome = { kind: 'success'; sent: Sent } | { kind: 'error'; message: string } | null;

/**
 * "Numer zgłoszenia: K7QM-4XD9": the number set apart, to be read aloud on the phone and copied whole with
 * one click or tap (docs/api.md#statements).
 */
export function ReferenceLine({
  reference,
  template = texts.successReference,
  hint = texts.successReferenceHint,
}: {
  reference: string;
  template?: string;
  hint?: string;
}) {
  const [before, after = ''] = template.split('{reference}');
  return (
    <>
      <p>
        {before}
        <strong className="statement__reference-number">{reference}</strong>
        {after}
      </p>
      <p>{hint}</p>
    </>
  );
}

export function StatementForm<Body>({
  form,
  validator,
  page,
  lockedCode,
  codeLocked,
  toBody,
  send,
  onPayload,
  submitLabel,
  success,
  disabled,
}: StatementFormProps<Body>) {
  const { schema, uiSchema } = form;
  const navigate = useNavigate();
  const [formData, setFormData] = useState<StatementFormData>(() => (lockedCode ? { code: lockedCode } : {}));
  // The statement link's code arrives once the server answered (statement-link.ts), after the first render.
  const [lockedCodeShown, setLockedCodeShown] = useState(lockedCode);
  if (lockedCode !== lockedCodeShown) {
    setLockedCodeShown(lockedCode);
    if (lockedCode) setFormData((previous) => ({ ...previous, code: lockedCode }));
  }
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [fileMissing, setFileMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  // What is validated and sent is the data in Unicode NFC (docs/decisions/field-rules.md#nfc: "Zo\u0301fia"
  // typed on some phones is sent as "Zófia"); the inputs keep what was typed, so the caret never jumps while
  // typing. The coupon photo (a megabyte of base64, no text) is left out: normalising it on every change cost
  // ms.
  const data = useMemo(() => {
    const { file, ...texts } = formData;
    return { ...normalizeText(texts), ...(file === undefined ? {} : { file }) };
  }, [formData]);
  // One validation per change: it gives every field its error from the start (spec §4, shown once
  // touched) and decides completeness (spec §5: the tier schema encodes every rule).
  const errors = useMemo(() => fieldMessages(validator, schema, data), [validator, schema, data]);
  const complete = errors.size === 0;
  const visible = useMemo(() => visibleFields(validator, schema, data), [validator, schema, data]);
  const photoMissing = visible.has('file') && !data.file;
  const missing = useMemo(
    () => missingFields(form, errors, data, photoMissing),
    [form, errors, data, photoMissing],
  );
  useEffect(() => {
    if (onPayload) onPayload(toBody(data, visible));
  }, [onPayload, toBody, data, visible]);

  const formContext: PageFormContext = { touched, codeLocked, fileMissing, page };

  const visit = (id: string) => setTouched((previous) => new Set(previous).add(id));

  const submit = async () => {
    // spec §4: an offline code needs the coupon photo (the schema shows the field only then).
    if (photoMissing) {
      setFileMissing(true);
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
      document.getElementById('root_file')?.focus({ preventScroll: true });
      return;
    }
    setSending(true);
    const result = await send(toBody(data, visible));
    setSending(false);
    setOutcome(result.ok ? { kind: 'success', sent: result } : { kind: 'error', message: result.message });
  };

  return (
    <>
      <Form
        className="statement__form"
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        formContext={formContext}
        disabled={disabled}
        widgets={widgets}
        templates={templates}
        extraErrors={toErrorSchema(errors)}
        // spec §4: every field starts empty; rjsf would otherwise prefill `const: true` consents as given.
        experimental_defaultFormStateBehavior={{
          constAsDefaults: 'never',
          emptyObjectFields: 'skipDefaults',
        }}
        noValidate
        showErrorList={false}
        noHtml5Validate
        onChange={(event) => setFormData((event.formData as StatementFormData | undefined) ?? {})}
        onBlur={visit}
        onSubmit={() => void submit()}
      >
        <div className="statement__submit">
          <button
            type="submit"
            className="button button--sun"
            disabled={!complete || sending}
            aria-describedby={complete ? undefined : 'brakujace-pola'}
          >
            {sending ? texts.submitting : submitLabel}
          </button>
          <MissingList
            entries={missing}
            complete={complete}
            targetOf={(entry) => focusTargetId(entry.path, data)}
            onVisit={(entry) => visit(fieldId(entry.path))}
          />
        </div>
      </Form>
      <Modal
        open={outcome?.kind === 'success'}
        title={success.title}
        onClose={() => void navigate('/')}
        closeOnOutsideClick={false}
      >
        {outcome?.kind === 'success' && success.content(outcome.sent)}
        <Link className="button button--sun" to="/">
          {texts.successButton}
        </Link>
      </Modal>
      <Modal open={outcome?.kind === 'error'} title={texts.errorTitle} onClose={() => setOutcome(null)}>
        {outcome?.kind === 'error' &&
          errorParagraphs(outcome.message).map((paragraph, index) => <p key={index}>{paragraph}</p>)}
      </Modal>
    </>
  );
}
