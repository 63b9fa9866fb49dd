import type { ReactNode } from 'react';
import type {
  BaseInputTemplateProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  TemplatesType,
} from '@rjsf/utils';
import { texts } from '#shared/content/statement-texts.ts';
import { campaign, type Tier } from '#shared/campaign.ts';
import { sectionOf, type SectionId } from '#shared/statement/sections.ts';
import { fieldAria, formContextOf, type StatementFormContext } from '#widgets/field-state.ts';

/** What the page says around a form's fields: its intro, the fields' heading, the data clause. */
export interface FormPage {
  intro: ReactNode;
  dataHeading: string;
  clause: { title: string; text: string };
}

export interface PageFormContext extends StatementFormContext {
  page: FormPage;
}

/** spec §4: a field shows its (first) error only once it was touched. */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, displayLabel, children, rawErrors, rawHelp, hidden, schema, registry } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object') return children;
  const error = formContextOf({ registry }).touched.has(id) ? rawErrors?.[0] : undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      {displayLabel && (
        <label id={`${id}__label`} htmlFor={id} className="field__label">
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {children}
      {rawHelp && (
        <p id={`${id}__help`} className="field-note">
          {rawHelp}
        </p>
      )}
      <p id={`${id}__error`} className="field-error">
        {error}
      </p>
    </div>
  );
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, type, value, onChange, onBlur, onFocus, placeholder, disabled, readonly, uiSchema, options } =
    props;
  return (
    <input
      id={id}
      name={id}
      className="input"
      type={type === 'email' ? 'email' : 'text'}
      value={value ?? ''}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readonly}
      autoComplete={uiSchema?.['ui:autocomplete'] as string | undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      {...fieldAria(props)}
    />
  );
}

/**
 * spec §2: 'OŚWIADCZENIE dla Laureata Nagrody {tier} stopnia w postaci:' — "stopnia" (degree) follows a
 * tier's Roman numeral only; a named prize reads 'Nagrody WinTo! w postaci:'.
 */
const titleOf = (tier: Tier) =>
  (/^[IVX]+$/.test(tier.label) ? texts.title : texts.titleNamed).replace('{tier}', tier.label);

function TierIntro({ tier }: { tier: Tier }) {
  const address = `${campaign.contact.postalName}, ${campaign.contact.postalStreet}, ${campaign.contact.postalCity}`;
  // What comes with the statement: the coupon's photo, or for a tier that sends none its serial number.
  const coupon = texts.instructionsCoupon['image' in tier.payload ? 'photo' : 'serialNumber'];
  return (
    <>
      <p className="statement__attachment">{texts.attachment.replace('{number}', String(tier.attachment))}</p>
      <h1 className="statement__title">{titleOf(tier)}</h1>
      <p className="statement__prize">{texts.prizes[tier.id]}</p>
      <section className="statement__instructions" aria-labelledby="instrukcja">
        <h2 id="instrukcja">{texts.instructionsTitle}</h2>
        <ul>
          {texts.instructions.map((line) => (
            <li key={line}>{line.replace('{address}', address).replace('{coupon}', coupon)}</li>
          ))}
        </ul>
      </section>
      <p className="statement__warning" role="note">
        {texts.warning}
      </p>
    </>
  );
}

/** A statement form's page (spec §2): the tier's intro, 'Dane Laureata', the statement's data clause. */
export const statementFormPage = (tier: Tier): FormPage => ({
  intro: <TierIntro tier={tier} />,
  dataHeading: texts.personalDataHeading,
  clause: { title: texts.dataClauseTitle, text: texts.dataClause },
});

/**
 * spec §2 page order: code, photo, serial number, title and texts, personal data, consents, data clause,
 * political-exposure statement. Each field goes to the section its UI schema names (`ui:section`); the
 * order inside a section comes from ui:order.
 */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, fieldPathId, title, registry, uiSchema } = props;
  if (fieldPathId.$id !== 'root') {
    return (
      <fieldset className="consents">
        <legend>{title}</legend>
        {properties.map((property) => property.content)}
      </fieldset>
    );
  }
  const context = registry.formContext as PageFormContext;
  // A field without ui:section is one of the winner's data (sections.ts).
  const section = (id: SectionId) =>
    properties
      .filter((property) => sectionOf(uiSchema, property.name) === id)
      .map((property) => property.content);
  const political = section('pep');
  return (
    <>
      <div className="statement__coupon">{section('kupon')}</div>
      {context.page.intro}
      <section className="statement__section" aria-labelledby="dane-laureata">
        <h2 id="dane-laureata">{context.page.dataHeading}</h2>
        <div className="statement__fields">{section('dane')}</div>
      </section>
      {section('zgody')}
      <section className="statement__clause" aria-labelledby="klauzula">
        <h2 id="klauzula">{context.page.clause.title}</h2>
        <p>{context.page.clause.text}</p>
      </section>
      {political.length > 0 && (
        <section className="statement__section" aria-labelledby="pep">
          <h2 id="pep">{texts.politicalHeading}</h2>
          <p>{texts.politicalIntro}</p>
          {political}
        </section>
      )}
    </>
  );
}

export const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate, BaseInputTemplate };
