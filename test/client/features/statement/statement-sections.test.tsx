import Form from '@rjsf/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { statementFormPage, templates, type PageFormContext } from '#client/features/statement/templates.tsx';
import { tierById, type TierId } from '#shared/campaign.ts';
import { tierForms } from '#shared/statement/forms.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';
import { widgets } from '#widgets/registry.ts';

// The page follows the tier file: each field stands in the section its UI schema names (ui:section).
const validator = runtimeValidator();

function renderTier(tierId: TierId, uiSchema = tierForms[tierId].uiSchema) {
  const formContext: PageFormContext = {
    touched: new Set(),
    codeLocked: undefined,
    fileMissing: false,
    page: statementFormPage(tierById(tierId)!),
  };
  render(
    <Form
      schema={tierForms[tierId].schema}
      uiSchema={uiSchema}
      validator={validator}
      templates={templates}
      widgets={widgets}
      formContext={formContext}
    />,
  );
}

const sectionOf = (id: string) =>
  document.getElementById(id)?.closest('.statement__coupon, .statement__fields');

describe('statement page sections', () => {
  afterEach(cleanup);

  it('puts each field in the section of its UI schema', () => {
    renderTier('IV');
    expect(sectionOf('root_code')?.className).toBe('statement__coupon');
    expect(sectionOf('root_email')?.className).toBe('statement__fields');
  });

  it('moves a field when the tier file names another section', () => {
    const uiSchema = {
      ...tierForms.IV.uiSchema,
      email: { ...tierForms.IV.uiSchema.email, 'ui:section': 'kupon' },
    };
    renderTier('IV', uiSchema);
    expect(sectionOf('root_email')?.className).toBe('statement__coupon');
  });

  it('titles a numbered tier by its degree and winTo by its name', () => {
    renderTier('IV');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'OŚWIADCZENIE dla Laureata Nagrody IV stopnia w postaci:',
    );
    cleanup();
    renderTier('WINTO');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'OŚWIADCZENIE dla Laureata Nagrody WinTo! w postaci:',
    );
  });

  it("tells each tier what comes with the statement: the coupon's photo, for tier VI its serial number", () => {
    const firstInstruction = () =>
      screen
        .getByRole('heading', { name: 'Jak przekazać oświadczenie' })
        .nextElementSibling!.querySelector('li')!.textContent;
    renderTier('IV');
    expect(firstInstruction()).toMatch(/^Oświadczenie \(oraz zdjęcie kuponu\) wypełnij/);
    cleanup();
    renderTier('VI');
    expect(firstInstruction()).toMatch(/^Oświadczenie \(oraz numer seryjny kuponu\) wypełnij/);
    expect(document.body.textContent).not.toContain('zdjęcie kuponu');
  });
});
