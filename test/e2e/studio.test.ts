import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { browserAvailable, E2E_CLIENT_DIR, newContext } from './harness';
import { useStudioInBrowser, type RunningStudio } from './studio-harness';

// docs/form-studio.md: the form studio, driven as its users drive it — a browser, the mouse and the keyboard
// — against `npm run studio` in a copy of the project.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const tierFile = (studio: RunningStudio, name: string) =>
  JSON.parse(studio.read(`schemas/${name}`)) as {
    schema: { required: string[] };
    uiSchema: { 'ui:order': string[] };
  };

/** A raw request with any Host and Origin (a browser would not let a page set them). */
function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    call.on('error', reject);
    call.end(init.body);
  });
}

describe.runIf(browserAvailable())('form studio (npm run studio)', () => {
  const used = useStudioInBrowser();
  const { open } = used;

  const group = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

  it('prints its one address; lists the seven tiers and the complaint form with their state; axe finds nothing', async () => {
    expect(used.studio.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/studio$/);
    const page = await open('/studio');
    const rows = page.getByRole('row');
    // The heading row, the seven tiers, the complaint form (test/e2e/studio-complaint.test.ts edits it).
    await expect.poll(() => rows.count()).toBe(9);
    for (const label of ['I', 'II', 'III', 'IV', 'V', 'VI', 'WinTo!']) {
      const row = page.getByRole('row', { name: new RegExp(`^Oświadczenie ${label.replace('!', '\\!')} `) });
      await expect.poll(() => row.textContent()).toContain('zgodny');
    }
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('IV: the street made required and saved — the file, schemas:check and the preview agree', async () => {
    const page = await open('/studio/iv');
    const street = group(page, 'Ulica');
    await street.getByRole('checkbox', { name: 'Obowiązkowe' }).check();
    // The preview marks it required at once, and the list keeps the unsaved change.
    await expect.poll(() => page.locator('label[for="root_address_street"]').textContent()).toBe('Ulica *');
    const list = await open('/studio');
    await expect
      .poll(() => list.getByRole('row', { name: /^Oświadczenie IV / }).textContent())
      .toContain('niezapisane zmiany');
    await list.close();

    await page.getByRole('button', { name: 'Zapisz' }).click();
    // docs/decisions/studio.md#saves-log: the save says the site changes only once deployed, and whom to
    // tell.
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/^Zapisano.*dopiero po wdrożeniu.*daj znać programiście/);
    expect(tierFile(used.studio, 'tier-iv.json').schema.required).toContain('address_street');
    expect(used.studio.read('src/shared/statement/generated/tier-iv.ts')).toMatch(
      /missingProperty: "address_street"|"address_street"/,
    );
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/schemas.ts', 'check'], {
      cwd: used.studio.root,
    });
    expect(
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-diff.ts'], {
        cwd: used.studio.root,
        encoding: 'utf8',
      }),
    ).toBe('IV: Ulica — teraz obowiązkowe; Ulica — komunikat, gdy pole jest puste: „Ulica jest wymagana”\n');

    // The preview validates as the page does: the street, touched and left empty, says why — in its own
    // words, not the general 'Pole wymagane' (docs/decisions/studio.md#proposed-messages).
    const input = page.locator('#root_address_street');
    await input.focus();
    await input.blur();
    await expect
      .poll(() => page.locator('#root_address_street__error').textContent())
      .toBe('Ulica jest wymagana');

    const changes = await open('/studio/zmiany');
    const ivChanges = changes.getByRole('region', { name: 'Oświadczenie IV' });
    await expect
      .poll(() => ivChanges.getByRole('listitem').first().textContent())
      .toBe('Ulica — teraz obowiązkowe');
    await changes.close();
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('VI: hiding the phone is refused in Polish, and the file stays as it was', async () => {
    const before = used.studio.read('schemas/tier-vi.json');
    const page = await open('/studio/vi');
    const phone = group(page, 'Numer telefonu');
    const visible = phone.getByRole('checkbox', { name: 'Widoczne' });
    await expect.poll(() => visible.isDisabled()).toBe(true);
    // docs/decisions/studio.md#locked-switches: one reason for both switches, in plain words, shown on
    // demand.
    const reason = await visible.getAttribute('aria-describedby');
    expect(await phone.getByRole('checkbox', { name: 'Obowiązkowe' }).getAttribute('aria-describedby')).toBe(
      reason,
    );
    const because = page.locator(`[id="${reason}"]`);
    expect(await because.isVisible()).toBe(false);
    await phone.getByRole('button', { name: 'Dlaczego nie można tego zmienić?' }).click();
    expect(await because.isVisible()).toBe(true);
    expect(await because.textContent()).toBe(
      'Organizator musi otrzymać to pole w oświadczeniu — dlatego jest zawsze widoczne i obowiązkowe.',
    );
    // File, field and data names only behind 'Szczegóły techniczne'.
    const developerWords = /shared\/API\.md|schemas\/|Nazwa w pliku|phoneNumber/;
    expect(await page.locator('main').innerText()).not.toMatch(developerWords);
    await page.getByLabel('Szczegóły techniczne (nazwy plików i pól)').check();
    expect(await phone.innerText()).toContain(
      'Nazwa w pliku: phone; w danych dla Organizatora: „phoneNumber”',
    );
    // Past the page: the save itself refuses, with the problem next to the field.
    const base = tierFile(used.studio, 'tier-vi.json');
    const file = structuredClone(base);
    file.schema.required = file.schema.required.filter((field) => field !== 'phone');
    const reply = await page.evaluate(
      async (body) => {
        const response = await fetch('/studio/api/tiers/vi', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      },
      { file, base },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.problems).toEqual([
      expect.objectContaining({ field: 'phone', message: expect.stringContaining('„phoneNumber”') }),
    ]);
    expect(used.studio.read('schemas/tier-vi.json')).toBe(before);
    await page.close();
  });

  it('V: the e-mail moved up by keyboard stands before the phone in the preview and the file', async () => {
    const page = await open('/studio/v');
    await group(page, 'Adres e-mail').getByRole('button', { name: 'W górę' }).focus();
    await page.keyboard.press('Enter');
    const order = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('#root_email, #root_phone')].map((input) => input.id),
      );
    await expect.poll(order).toEqual(['root_email', 'root_phone']);
    // The focus stays on the moved field's button (React moved its group), and the move is told.
    expect(
      await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        return [focused?.closest('[data-field]')?.getAttribute('data-field'), focused?.textContent];
      }),
    ).toEqual(['email', 'W górę']);
    expect(await page.getByRole('status').first().textContent()).toBe('Przeniesiono „Adres e-mail” w górę.');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Zapisano/);
    const saved = tierFile(used.studio, 'tier-v.json').uiSchema['ui:order'];
    expect(saved.indexOf('email')).toBe(saved.indexOf('phone') - 1);
    await page.close();
  });

  it('the preview shows the real Polish errors and the payload it would send', async () => {
    const page = await open('/studio/iv');
    const phone = page.locator('#root_phone');
    await phone.fill('12');
    await phone.blur();
    await expect.poll(() => page.locator('#root_phone__error').textContent()).toBe('Pole musi mieć 9 cyfr.');
    await page.locator('#root_firstName').fill('Zofia');
    // docs/decisions/studio.md#locked-switches: what would be sent, as a table of Polish names and values.
    const payload = page.getByTestId('payload');
    await expect.poll(() => payload.getByRole('row', { name: 'Imię Zofia', exact: true }).count()).toBe(1);
    expect(await payload.getByRole('row', { name: 'Akceptacja regulaminu nie', exact: true }).count()).toBe(
      1,
    );
    expect(await payload.innerText()).not.toMatch(/surName|lotteryRegulations|\{/);
    // A relabelled field: the preview follows as the label is typed.
    await group(page, 'Imię').getByLabel('Etykieta').fill('Imię laureata');
    await expect
      .poll(() => page.locator('label[for="root_firstName"]').textContent())
      .toBe('Imię laureata *');
    await page.getByRole('button', { name: 'Odrzuć zmiany' }).click();
    await page.getByRole('button', { name: 'Tak, odrzuć zmiany' }).click();
    await page.close();
  });

  it('an emptied text shows its default; the preview follows the edit; discarding asks', async () => {
    const page = await open('/studio/iv');
    // Nothing to save: 'Zapisz' cannot claim it saved.
    expect(await page.getByRole('button', { name: 'Zapisz' }).isDisabled()).toBe(true);
    const consents = page.locator('[data-field="consents"]');
    await consents.getByText('Podpowiedzi i komunikaty').click();
    const wording = consents.getByLabel('Treść zgody 1');
    const original = await wording.inputValue();
    await wording.fill('');
    await wording.blur();
    expect(await wording.getAttribute('placeholder')).toBe(original);
    const note = await wording.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${note}"]`).textContent()).toMatch(/formularz pokaże tekst domyślny/);

    // The consent, far down the preview, is scrolled to and marked.
    await wording.fill('Akceptuję Regulamin Loterii.');
    await wording.blur();
    const marked = page.locator('[data-studio-changed]');
    await expect.poll(() => marked.locator('#root_consents_rules').count()).toBe(1);
    const inView = () =>
      marked.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const frame = element.closest('.studio-preview__form')!.getBoundingClientRect();
        return box.top >= frame.top && box.bottom <= frame.bottom;
      });
    await expect.poll(inView).toBe(true);

    // 'Odrzuć zmiany' asks first, naming what would go.
    await page.getByRole('button', { name: 'Odrzuć zmiany' }).click();
    const dialog = page.getByRole('dialog', { name: 'Odrzucić niezapisane zmiany?' });
    await expect.poll(() => dialog.textContent()).toContain('treść zgody');
    await dialog.getByRole('button', { name: 'Nie, wróć do edycji' }).click();
    expect(await wording.inputValue()).toBe('Akceptuję Regulamin Loterii.');
    await page.getByRole('button', { name: 'Odrzuć zmiany' }).click();
    await dialog.getByRole('button', { name: 'Tak, odrzuć zmiany' }).click();
    await expect.poll(() => wording.inputValue()).toBe(original);
    await page.close();
  });

  it('Historia lists the studio’s saves first, in Polish, and restores a version as a new change', async () => {
    const page = await open('/studio/iv');
    const history = page.getByRole('region', { name: 'Historia' });
    const saves = history.getByRole('list').first();
    await expect
      .poll(() => saves.getByRole('listitem').first().textContent())
      .toMatch(/^Zapisano .+: Ulica — teraz obowiązkowe; /);
    // A committed version is told by what it changed, not by the developer's message.
    const committed = history.getByRole('listitem').last();
    expect(await committed.textContent()).toMatch(/^Zatwierdzono .+: nowy plik/);
    expect(await history.innerText()).not.toContain('Formularze na początek kampanii');
    await committed.getByRole('button', { name: 'Przywróć tę wersję' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/jako niezapisana zmiana/);
    await expect
      .poll(() => page.getByRole('region', { name: 'Niezapisane zmiany' }).textContent())
      .toContain('Ulica — teraz nieobowiązkowe');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Zapisano/);
    expect(tierFile(used.studio, 'tier-iv.json').schema.required).not.toContain('address_street');
    // The save just made is listed first.
    await expect
      .poll(() => saves.getByRole('listitem').first().textContent())
      .toMatch(/^Zapisano .+: Ulica — teraz nieobowiązkowe/);
    await page.close();
  });

  it('a file saved meanwhile elsewhere is not overwritten: the editor says what changed and asks', async () => {
    const page = await open('/studio/iv');
    await group(page, 'Numer lokalu').getByLabel('Etykieta').fill('Lokal');
    await group(page, 'Numer lokalu').getByLabel('Etykieta').blur();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Niezapisane zmiany.');
    // A colleague (another browser, without my unsaved edits) saves another change of the same tier.
    const elsewhere = await newContext(used.browser);
    const other = await open('/studio/iv', elsewhere);
    await group(other, 'Ulica').getByRole('checkbox', { name: 'Obowiązkowe' }).check();
    await other.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => other.getByRole('status').first().textContent()).toMatch(/^Zapisano/);
    await other.close();
    const saved = used.studio.read('schemas/tier-iv.json');

    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/zapisany gdzie indziej/);
    expect(used.studio.read('schemas/tier-iv.json')).toBe(saved);
    const notice = page.getByRole('region', { name: 'Plik zmienił się, odkąd zacząłeś zmiany' });
    await expect.poll(() => notice.textContent()).toContain('Ulica — teraz obowiązkowe');
    await notice.getByRole('button', { name: 'Zachowaj moje zmiany' }).click();
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Zapisano/);
    // docs/decisions/studio.md#merge: my edit replayed onto theirs — their street stays required.
    const file = JSON.parse(used.studio.read('schemas/tier-iv.json'));
    expect(file.schema.properties.address_flat.title).toBe('Lokal');
    expect(file.schema.required).toContain('address_street');

    // Both change the same label: both are shown, and I choose.
    await group(page, 'Lokal').getByLabel('Etykieta').fill('Nr lokalu');
    await group(page, 'Nr lokalu').getByLabel('Etykieta').blur();
    const colleague = await open('/studio/iv', elsewhere);
    await group(colleague, 'Lokal').getByLabel('Etykieta').fill('Mieszkanie');
    await group(colleague, 'Mieszkanie').getByLabel('Etykieta').blur();
    await colleague.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => colleague.getByRole('status').first().textContent()).toMatch(/^Zapisano/);
    await elsewhere.close();
    await page.getByRole('button', { name: 'Zapisz' }).click();
    const keep = notice.getByRole('button', { name: 'Zachowaj moje zmiany' });
    await expect.poll(() => keep.isDisabled()).toBe(true);
    const choice = notice.getByRole('group', { name: 'Twoja zmiana wobec zapisanej wersji' });
    expect(
      await choice.getByRole('radio', { name: 'Wersja zapisana w międzyczasie: „Mieszkanie”' }).count(),
    ).toBe(1);
    await choice.getByRole('radio', { name: 'Moja wersja: „Nr lokalu”' }).check();
    await keep.click();
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Zapisano/);
    expect(JSON.parse(used.studio.read('schemas/tier-iv.json')).schema.properties.address_flat.title).toBe(
      'Nr lokalu',
    );
    await page.close();
  });

  it('a changed consent is named by its short name, its old and new words marked', async () => {
    const page = await open('/studio/v');
    const consents = page.locator('[data-field="consents"]');
    await consents.getByText('Podpowiedzi i komunikaty').click();
    const wording = consents.getByLabel('Treść zgody 1');
    const before = await wording.inputValue();
    expect(before).toContain('zapoznałem(-am) się z Regulaminem');
    await wording.fill(before.replace('zapoznałem(-am) się z Regulaminem', 'przeczytałem Regulamin'));
    await wording.blur();
    const told = 'Zgody i oświadczenia — treść zgody „Akceptacja regulaminu” zmieniona';
    const item = page.getByRole('region', { name: 'Niezapisane zmiany' }).getByRole('listitem');
    await expect.poll(() => item.first().textContent()).toMatch(new RegExp(`^${told}`));
    const marked = (where: Locator) =>
      where.evaluate((element) =>
        [...element.querySelectorAll('del, ins')].map((mark) => [mark.localName, mark.textContent]),
      );
    const marks = [
      ['del', '[usunięte: zapoznałem(-am) się z Regulaminem]'],
      ['ins', '[dodane: przeczytałem Regulamin]'],
    ];
    expect(await marked(item.first())).toEqual(marks);
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Zapisano/);

    const changes = await open('/studio/zmiany');
    const onChanges = changes.getByRole('region', { name: 'Oświadczenie V' }).getByRole('listitem');
    await expect.poll(() => onChanges.last().textContent()).toMatch(new RegExp(`^${told}`));
    expect(await marked(onChanges.last())).toEqual(marks);
    await changes.close();
    const diff = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-diff.ts'], {
      cwd: used.studio.root,
      encoding: 'utf8',
    });
    expect(diff).toContain(
      `${told}: „${before.replace('zapoznałem(-am) się z Regulaminem', '[-zapoznałem(-am) się z Regulaminem-] {+przeczytałem Regulamin+}')}”`,
    );
    await page.close();
  });

  it('a consent other tiers share is offered to change everywhere, and saved in all', async () => {
    const consent = (name: string) =>
      (
        JSON.parse(used.studio.read(`schemas/${name}`)) as {
          uiSchema: { consents?: { notEmployee?: object } };
        }
      ).uiSchema.consents?.notEmployee;
    expect(consent('tier-i.json')).toBeUndefined();
    const page = await open('/studio/vi');
    const consents = page.locator('[data-field="consents"]');
    await consents.getByText('Podpowiedzi i komunikaty').click();
    const wording = consents.getByLabel('Treść zgody 2');
    const changed = (await wording.inputValue()).replace('Oświadczam', 'Potwierdzam');
    await wording.fill(changed);
    await wording.blur();
    const notice = page.getByRole('region', { name: 'Ten sam tekst w innych formularzach' });
    await expect
      .poll(() => notice.textContent())
      .toContain(
        '„Oświadczenie, że nie jesteś pracownikiem Organizatora” (treść zgody 2): to samo brzmienie stoi także w oświadczeniach I, II, III, IV, V, WinTo!.',
      );
    await notice.getByRole('button', { name: 'Zmień we wszystkich' }).click();
    await expect
      .poll(() => notice.textContent())
      .toContain('„Zapisz” zapisze wszystkie te oświadczenia razem');
    // Corrected afterwards: the correction goes everywhere too.
    const corrected = changed.replace('Potwierdzam', 'Niniejszym potwierdzam');
    await wording.fill(corrected);
    await wording.blur();
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/^Zapisano oświadczenia VI, I, II, III, IV, V, WinTo!\./);
    for (const name of ['tier-i.json', 'tier-iv.json', 'tier-vi.json', 'tier-winto.json']) {
      expect(consent(name), name).toEqual({ 'ui:title': corrected });
    }
    const list = await open('/studio');
    await expect
      .poll(() => list.getByRole('row', { name: /^Oświadczenie I / }).textContent())
      .toContain('zgodny');
    await list.close();
    await page.close();
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin (cross-site writes)', async () => {
    const before = used.studio.read('schemas/tier-iv.json');
    const rebinding = await request(`${used.studio.url}/api/tiers`, {
      headers: { host: 'attacker.example' },
    });
    expect(rebinding.status).toBe(403);
    expect(rebinding.body).toMatch(/^Studio formularzy odpowiada tylko pod adresem http:\/\/127\.0\.0\.1:/);
    const file = used.studio.read('schemas/tier-iv.json');
    const crossSite = await request(`${used.studio.url}/api/tiers/iv`, {
      method: 'POST',
      headers: { origin: 'http://attacker.example', 'content-type': 'application/json' },
      body: JSON.stringify({ file: { ...JSON.parse(file), uiSchema: { 'ui:order': [] } } }),
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatch(/^Zmiany przyjmuje tylko studio/);
    const withoutOrigin = await request(`${used.studio.url}/api/tiers/iv`, { method: 'POST', body: '{}' });
    expect(withoutOrigin.status).toBe(403);
    expect(used.studio.read('schemas/tier-iv.json')).toBe(before);
    // localhost is the same studio.
    const local = await request(`${used.studio.url}/api/tiers`, {
      headers: { host: `localhost:${new URL(used.studio.url).port}` },
    });
    expect(local.status).toBe(200);
  });

  it('is no part of the product: nothing of it is in the production build', () => {
    const files = fs.readdirSync(E2E_CLIENT_DIR, { recursive: true, encoding: 'utf8' });
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const full = path.join(E2E_CLIENT_DIR, file);
      if (!fs.statSync(full).isFile() || /\.(br|gz|png|jpe?g|webp|avif|woff2?)$/.test(file)) continue;
      expect(fs.readFileSync(full, 'utf8'), file).not.toMatch(/Studio formularzy|studio\/api/);
    }
  });
});
