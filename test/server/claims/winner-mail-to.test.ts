import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { sealClaimEmail, winnerMailTo } from '#server/claims/claims.ts';
import { encryptBytes } from '#server/crypto/encryption.ts';

// docs/decisions/mail.md#addresses: the confirmation and the verdict go to the address the code was
// registered with, else to the statement's; the statement is opened only in the second case.
describe("where a winner's mail goes after the link", () => {
  const key = randomBytes(32);
  const recordKey = 'instant:2026-07-10:A1B2C3D4E5F';

  it('goes to the registered address, without opening the statement', () => {
    const statementEmail = vi.fn(() => 'someone.else@example.org');
    const claim = {
      record_key: recordKey,
      email_sealed: sealClaimEmail(
        (plain, context) => encryptBytes(key, plain, context),
        recordKey,
        'jan@example.com',
      ),
    };
    expect(winnerMailTo([key], claim, statementEmail)).toBe('jan@example.com');
    expect(statementEmail).not.toHaveBeenCalled();
  });

  it("goes to the statement's address when the code was registered without one", () => {
    const claim = { record_key: recordKey, email_sealed: null };
    expect(winnerMailTo([key], claim, () => 'ewa@example.org')).toBe('ewa@example.org');
  });
});
