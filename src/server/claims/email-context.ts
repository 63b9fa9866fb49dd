// docs/api.md#operator-commands: what a winners file's e-mail is bound to, for the claim (claims.ts) and the
// registry of sealed columns (statements/sealed-columns.ts) alike. Bound to the winning record, which a claim
// keeps for good: a repeated import's candidate seals it alike.
export const emailContext = (recordKey: string) => `claim-email:${recordKey}`;
