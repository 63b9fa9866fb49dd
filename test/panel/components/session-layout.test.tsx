import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import texts from '#content/panel.json';
import { mayOpen } from '#panel/components/page-access.ts';
import { SESSION_PAGES } from '#panel/panel-pages.tsx';
import { ADMIN, APPROVER, AUDITOR, PAYOUT, renderPanel, REVIEWER } from '../helpers';

afterEach(() => vi.unstubAllGlobals());

const overview = {
  body: { tiers: [], mail: [], complaints: { open: 0, overdue: 0 }, issue: [], issueDeadline: '2026-01-31' },
};
const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: texts.nav.label });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('header and navigation of a logged-in person', () => {
  it("shows an admin's e-mail, roles and Zespół, but not Dziennik", async () => {
    renderPanel('/', { 'GET /session': { body: ADMIN }, 'GET /overview': overview });
    expect(await navLinks()).toEqual(['Podsumowanie', 'Zespół', 'Klucze dostępu']);
    expect(screen.getByText('Zalogowano jako admin@example.pl')).toBeTruthy();
    expect(screen.getByText('Role: Administrator')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wyloguj' })).toBeTruthy();
  });

  it('shows an auditor Dziennik, but not Zespół, whose page tells them they have no access', async () => {
    const { requests } = renderPanel('/zespol', { 'GET /session': { body: AUDITOR } });
    expect(await navLinks()).toEqual(['Podsumowanie', 'Dziennik', 'Klucze dostępu']);
    expect(await screen.findByRole('heading', { level: 1, name: texts.noAccess.title })).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual(['/session']);
  });

  it('sends the person to the login page, saying the session ended, when a call answers 401', async () => {
    const { whereabouts } = renderPanel('/', {
      'GET /session': { body: ADMIN },
      'GET /overview': { status: 401, body: { message: 'Sesja wygasła.' } },
    });
    expect(await screen.findByText(texts.login.sessionEnded)).toBeTruthy();
    expect(whereabouts()).toBe('/logowanie');
    expect(screen.queryByText('Zalogowano jako admin@example.pl')).toBeNull();
  });

  it('logs out: the call, then the login page', async () => {
    const { user, requests, whereabouts } = renderPanel('/', {
      'GET /session': { body: ADMIN },
      'GET /overview': overview,
      'POST /logout': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Wyloguj' }));

    expect(await screen.findByText(texts.login.loggedOut)).toBeTruthy();
    expect(whereabouts()).toBe('/logowanie');
    const logout = requests.find((request) => request.path === '/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.init.credentials).toBe('same-origin');
  });

  it.each([
    ['a reviewer', REVIEWER, ['Podsumowanie', 'Oświadczenia', 'Klucze dostępu']],
    ['an approver', APPROVER, ['Podsumowanie', 'Oświadczenia', 'Klucze dostępu']],
    ['a payout person', PAYOUT, ['Podsumowanie', 'Wypłaty', 'Wydania', 'Klucze dostępu']],
  ])('shows %s the links of their roles', async (_who, session, links) => {
    renderPanel('/', { 'GET /session': { body: session }, 'GET /overview': overview });
    expect(await navLinks()).toEqual(links);
  });

  it.each([
    ['a payout person', '/oswiadczenia', PAYOUT],
    ['a reviewer', '/wyplaty', REVIEWER],
  ])('tells %s that %s is not theirs, asking the server nothing more', async (_who, url, session) => {
    const { requests } = renderPanel(url, { 'GET /session': { body: session } });
    expect(await screen.findByRole('heading', { level: 1, name: texts.noAccess.title })).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual(['/session']);
  });

  it('opens each page to the roles of the call it loads, as docs/api.md lists them', () => {
    expect(Object.fromEntries(SESSION_PAGES.map((page) => [page.path, page.roles]))).toEqual({
      '': undefined,
      oswiadczenia: ['reviewer', 'approver'],
      'oswiadczenia/:id': ['reviewer', 'approver'],
      wyplaty: ['payout'],
      reklamacje: ['complaints'],
      'reklamacje/:id': ['complaints'],
      wydania: ['payout'],
      zespol: ['admin'],
      dziennik: ['auditor'],
      klucze: undefined,
    });
  });

  // The routes and the navigation read one table (src/panel/panel-pages.tsx): a page for some roles is
  // neither linked nor opened for a person with none of them.
  const people = [REVIEWER, APPROVER, PAYOUT, ADMIN, AUDITOR];
  it.each(SESSION_PAGES.filter((page) => page.roles).map((page) => [page.path, page] as const))(
    'keeps /%s from a person without its roles, link and page',
    async (_path, page) => {
      const outsider = people.find((person) => !mayOpen(page.roles, person.roles))!;
      const { requests } = renderPanel(`/${page.path.replace(':id', 's1')}`, {
        'GET /session': { body: outsider },
      });
      expect(await screen.findByRole('heading', { level: 1, name: texts.noAccess.title })).toBeTruthy();
      if (page.navLabel) expect(await navLinks()).not.toContain(page.navLabel);
      expect(requests.map((request) => request.path)).toEqual(['/session']);
    },
  );

  it('keeps Oświadczenia current on a statement’s page', async () => {
    renderPanel('/oswiadczenia/s1', {
      'GET /session': { body: REVIEWER },
      'GET /review/statements/s1': { status: 404, body: { message: 'Nie ma takiego oświadczenia.' } },
    });
    const nav = await screen.findByRole('navigation', { name: texts.nav.label });
    expect(within(nav).getByRole('link', { name: 'Oświadczenia' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Podsumowanie' }).getAttribute('aria-current')).toBeNull();
  });
});
