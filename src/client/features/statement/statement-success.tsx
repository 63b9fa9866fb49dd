import { texts } from '#shared/content/statement-texts.ts';
import type { Tier } from '#shared/campaign.ts';
import { ReferenceLine, type StatementFormProps } from './statement-form';

/** A statement's confirmation (spec §2), with its reference (docs/api.md#statements) when the server gave one. */
export const statementSuccess = (tier: Tier): StatementFormProps<unknown>['success'] => ({
  title: texts.successTitle,
  content: ({ reference }) => (
    <>
      {/* docs/decisions/mail.md#addresses: a code tier's mail goes to the address the code was registered
          with, which the winner may not expect after typing another. */}
      <p>{tier.claimBy === 'code' ? texts.successTextByCode : texts.successText}</p>
      {reference && <ReferenceLine reference={reference} />}
    </>
  ),
});
