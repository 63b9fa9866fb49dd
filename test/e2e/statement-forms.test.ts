import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { VALID } from '../fixtures/statements';
import { complaintPageTexts } from '#shared/complaint/complaint-form.ts';
import { COMPLAINT_PAGE_PATH } from '#shared/complaint/complaint-path.ts';
import { browserAvailable } from './harness';
import { CODES, codeOf, PHONE, statementFormsRun } from './statement-forms';

// The statement form's behaviour in Chromium against the real server: what is missing, typing, age, links,
// accessibility. The tiers' statements sent end to end are in statement-tiers.test.ts.

describe.runIf(browserAvailable())('statement forms in Chromium against the real server', () => {
  const forms = statementFormsRun();
  const { open, typeCode, missingEntries, fillPerson, fillAddress, acceptConsents, submitAndConfirm } = forms;

  it('lists what is missing under the submit button; each entry leads to its field', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    const submit = page.getByRole('button', { name: 'Wyślij oświadczenie' });
    const initial = await missingEntries(page);
    expect(initial.slice(0, 3)).toEqual(['Kod promocyjny', 'Zdjęcie kuponu', 'Imię']);
    expect(initial).toContain('Akceptacja regulaminu');
    expect(await submit.isDisabled()).toBe(true);

    // An entry moves focus to its field, scrolled into view; the code to its first box.
    await page.getByRole('button', { name: 'Nazwisko', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_lastName');
    expect(await page.locator('#root_lastName').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Kod promocyjny', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_code');

    // It follows the form: filled fields leave it, a wrong value is marked, the count is told politely.
    await page.keyboard.type(CODES.III);
    await fillPerson(page);
    await expect.poll(() => missingEntries(page)).not.toContain('Imię');
    expect(await missingEntries(page)).not.toContain('Kod promocyjny');
    await page.getByLabel(/^PESEL/).fill('44051401358');
    await expect
      .poll(() => page.locator('.missing li', { hasText: 'PESEL' }).textContent())
      .toBe('PESEL (do poprawienia)');
    const remaining = (await missingEntries(page)).length;
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Do uzupełnienia' }).textContent())
      .toMatch(new RegExp(`zostało ${remaining} pól\\.$`));

    await page.getByLabel(/^PESEL/).fill(VALID.pesel);
    await fillAddress(page);
    await page.getByLabel(/^Numer dowodu osobistego/).fill(VALID.idCard);
    await acceptConsents(page);
    await page.locator('.missing').waitFor({ state: 'detached' });
    expect(await submit.isEnabled()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Wszystkie pola' }).count()).toBe(1);
  });

  it('on a phone, a wrapped entry of the missing list keeps its bullet on its first line and stands apart', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    const entries = await page.locator('.missing__list > li').evaluateAll((items) =>
      items.map((item) => {
        const button = item.querySelector('button')!;
        const range = document.createRange();
        range.selectNodeContents(button);
        const lines = [...range.getClientRects()];
        const bullet = item.querySelector('.missing__bullet')!.getBoundingClientRect();
        return {
          label: button.textContent,
          lines: new Set(lines.map((line) => Math.round(line.top))).size,
          bulletOffFirstLine: Math.abs(bullet.top - lines[0]!.top),
          textTop: lines[0]!.top,
          textBottom: lines[lines.length - 1]!.bottom,
        };
      }),
    );
    expect(entries.filter((entry) => entry.lines > 1).length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.bulletOffFirstLine, entry.label!).toBeLessThan(3);
    for (const [previous, next] of entries.slice(1).map((entry, index) => [entries[index]!, entry]))
      expect(next!.textTop - previous!.textBottom, next!.label!).toBeGreaterThanOrEqual(12);
  });

  it('takes what a winner types as Polish phones do, and names code and contact when they do not match', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    // a code typed in lower case is shown, and sent, in the capitals it is printed in
    await typeCode(page, CODES.III_TYPED.toLowerCase());
    expect(await page.locator('.code-boxes__box').evaluateAll(codeOf)).toBe(CODES.III_TYPED);
    await page.getByLabel(/^Imię/).fill('Jan');
    await page.getByLabel(/^Nazwisko/).fill('Kowalski');
    await fillAddress(page);
    const phone = page.getByLabel(/^Numer telefonu/);
    const email = page.getByLabel(/^Adres e-mail/);
    // next to both contacts: one of them is the one the code was registered with
    for (const field of [phone, email])
      expect(await field.evaluate((input) => input.getAttribute('aria-describedby'))).toMatch(/__help/);
    await expect
      .poll(() => page.locator('#root_phone__help').textContent())
      .toMatch(/musi być tym, z którym kod został zarejestrowany/);
    // a phone number with a contact the code was not registered with
    await phone.pressSequentially('+48 511 222 333');
    expect(await phone.inputValue()).toBe('511 222 333');
    await email.fill('ktos.inny@example.pl');
    await page.getByLabel('Nie posiadam numeru PESEL').check();
    const birthDate = page.getByLabel(/^Data urodzenia/);
    await birthDate.pressSequentially('14.05.1944');
    expect(await birthDate.inputValue()).toBe('1944-05-14');
    await page.getByLabel(/^Obywatelstwo/).fill('polskie');
    await page.getByLabel(/^Numer dowodu osobistego/).fill(VALID.idCard);
    await acceptConsents(page);
    await page.getByRole('button', { name: 'Wyślij oświadczenie' }).click();
    const error = page.getByRole('dialog', { name: 'Wystąpił błąd' });
    await expect.poll(() => error.textContent()).toMatch(/kodu.*e-mail.*numer telefonu/);
    expect(await error.textContent()).not.toMatch(/link/);
    await page.keyboard.press('Escape');

    // the phone the code was registered with, as autofill pastes it
    await phone.fill('+48600700800');
    expect(await phone.inputValue()).toBe('600 700 800');
    const body = await submitAndConfirm(page, 'complete-testimonial');
    expect(body).toMatchObject({ code: CODES.III_TYPED, phoneNumber: PHONE, birthDate: '1944-05-14' });
  });

  it('adults only: a minor’s PESEL or birth date is refused with the schemas’ message', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    const pesel = page.getByLabel(/^PESEL/);
    // 17 years old on the last day of code registration (born 15 March 2008)
    await pesel.fill('08231504560');
    await pesel.blur();
    await page
      .getByText(
        'Loteria jest tylko dla osób pełnoletnich. Z numeru PESEL wynika, że w ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.',
      )
      .waitFor();
    await page.getByLabel('Nie posiadam numeru PESEL').check();
    const birthDate = page.getByLabel(/^Data urodzenia/);
    const minor =
      'Loteria jest tylko dla osób pełnoletnich. W ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.';
    // born a day after the boundary (18 only on 3 September 2025)
    await birthDate.pressSequentially('20070903');
    await birthDate.blur();
    await page.getByText(minor).waitFor();
    // 18 on 2 September 2025, the last day of code registration
    await birthDate.fill('');
    await birthDate.pressSequentially('20070902');
    await page.getByText(minor).waitFor({ state: 'detached' });
    expect(await birthDate.getAttribute('aria-invalid')).not.toBe('true');
  });

  it("a valid link opened on another tier's page goes to its own tier's page", async () => {
    const search = forms.tierILink.slice(forms.tierILink.indexOf('?'));
    const page = await open(`/oswiadczenie-ii-stopnia${search}`);
    await page.waitForURL((url) => url.pathname === '/oswiadczenie-i-stopnia');
    expect(new URL(page.url()).search).toBe(search);
    await expect.poll(() => page.locator('.code-boxes__box').evaluateAll(codeOf)).toBe(CODES.I);
  });

  it('has no axe violations (WCAG 2.2 A/AA), with errors shown, and is usable from the keyboard alone', async () => {
    const page = await open(forms.axeLink);
    await page.getByLabel(/^Imię/).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.getByText('Imię jest wymagane').count()).toBe(1);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      axe.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
      ),
    ).toEqual([]);

    // Keyboard only: a Tak/Nie answer with the arrow keys, a consent with the space bar.
    await page.locator('#root_answer_1').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#root_answer_1').isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#root_answer_1-nie').isChecked()).toBe(true);
    await page.locator('#root_consents_rules').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#root_consents_rules').isChecked()).toBe(true);
  });

  it('the complaint form (/reklamacja): no axe violations with errors shown, usable from the keyboard alone', async () => {
    const page = await open(COMPLAINT_PAGE_PATH);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(complaintPageTexts.title);
    await page.getByLabel(/^Imię/).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.getByText('Imię jest wymagane').count()).toBe(1);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      axe.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
      ),
    ).toEqual([]);
    await page.locator('#root_personalDataClause').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#root_personalDataClause').isChecked()).toBe(true);
  });
});
