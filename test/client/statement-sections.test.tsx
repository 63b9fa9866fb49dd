import Form from '@rjsf/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { templates, type PageFormContext } from '../../src/client/features/statement/templates';
import { tierById } from '../../src/shared/campaign';
import { tierForms } from '../../src/shared/statement/forms';
import { runtimeValidator } from '../../src/shared/statement/keywords';
import { widgets } from '../../widgets/registry';

// The page follows the tier file: each field stands in the section its UI schema names (ui:section).
const validator = runtimeValidator();

function renderTierIV(uiSchema = tierForms.IV.uiSchema) {
  const formContext: PageFormContext = {
    touched: new Set(),
    codeLocked: false,
    fileMissing: false,
    tier: tierById('IV')!,
  };
  render(
    <Form
      schema={tierForms.IV.schema}
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
    renderTierIV();
    expect(sectionOf('root_code')?.className).toBe('statement__coupon');
    expect(sectionOf('root_email')?.className).toBe('statement__fields');
  });

  it('moves a field when the tier file names another section', () => {
    const uiSchema = {
      ...tierForms.IV.uiSchema,
      email: { ...tierForms.IV.uiSchema.email, 'ui:section': 'kupon' },
    };
    renderTierIV(uiSchema);
    expect(sectionOf('root_email')?.className).toBe('statement__coupon');
  });
});
