import { execFileSync } from 'node:child_process';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable } from './harness';
import { useStudioInBrowser } from './studio-harness';

// Issue 42: the complaint form (/reklamacja) in the form studio, as its users drive it, against
// `npm run studio` in a copy of the project: listed with the tiers, edited like them, and never saved into
// what schemas:check refuses.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const CODE = 'Kod promocyjny (jeśli reklamacja go dotyczy)';

describe.runIf(browserAvailable())('the complaint form in the studio', () => {
  const used = useStudioInBrowser();
  const { open } = used;

  const group = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });
  const complaintFile = () =>
    JSON.parse(used.studio.read('schemas/complaint.json')) as { schema: { required: string[] } };

  it('is listed with the tiers and opens at /studio/complaint', async () => {
    const list = await open('/studio');
    const row = list.getByRole('row', { name: /^Reklamacja / });
    await expect.poll(() => row.textContent()).toContain('zgodny');
    await row.getByRole('link', { name: 'Reklamacja' }).click();
    await list.waitForURL(/\/studio\/complaint$/);
    await expect
      .poll(() => list.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/^Reklamacja/);
    await list.close();
  });

  it('what a complaint must hold cannot be hidden or made optional, and the page says why in Polish', async () => {
    const page = await open('/studio/complaint');
    const demand = group(page, 'Żądanie');
    const visible = demand.getByRole('checkbox', { name: 'Widoczne' });
    const required = demand.getByRole('checkbox', { name: 'Obowiązkowe' });
    await expect.poll(() => visible.isDisabled()).toBe(true);
    expect(await required.isDisabled()).toBe(true);
    expect(await required.isChecked()).toBe(true);
    await demand.getByRole('button', { name: 'Dlaczego nie można tego zmienić?' }).click();
    const because = page.locator(`[id="${await visible.getAttribute('aria-describedby')}"]`);
    expect(await because.textContent()).toBe(
      'Bez tego pola nie wiadomo, kto składa reklamację, dokąd odpowiedzieć, co się stało albo czego żąda — ' +
        'dlatego jest zawsze widoczne i obowiązkowe.',
    );
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('the code made required and the date moved up: saved, schemas:check passes, the preview shows it', async () => {
    const page = await open('/studio/complaint');
    await group(page, CODE).getByRole('checkbox', { name: 'Obowiązkowe' }).check();
    await expect.poll(() => page.locator('label[for="root_code"]').textContent()).toBe(`${CODE} *`);
    await group(page, 'Data zdarzenia').getByRole('button', { name: 'W górę' }).click();
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/^Zapisano formularz reklamacji\..*dopiero po wdrożeniu/);
    const file = complaintFile();
    expect(file.schema.required).toContain('code');
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/schemas.ts', 'check'], {
      cwd: used.studio.root,
    });
    // The form of /reklamacja, composed from the saved file, as the preview shows it: the code asked
    // for, the date before the e-mail.
    await page.reload();
    await expect.poll(() => page.locator('label[for="root_code"]').textContent()).toBe(`${CODE} *`);
    const fields = await page
      .locator('.studio-preview [id^="root_"]:is(input, textarea)')
      .evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(fields.indexOf('root_eventDate')).toBeLessThan(fields.indexOf('root_email'));
    await page.close();
  });
});
