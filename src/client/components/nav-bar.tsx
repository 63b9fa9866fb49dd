import { useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { campaign } from '#shared/campaign.ts';
import { isStatementPath } from '../lib/statement-path';
import { scrollBehavior, scrollToAnchor } from '../lib/scroll';
import { texts } from '#shared/content/texts.ts';

export function NavBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  if (isStatementPath(location.pathname)) return null;

  const goHome = (event: MouseEvent) => {
    event.preventDefault();
    setMenuOpen(false);
    void navigate({ pathname: '/', search: location.search });
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  };

  // The open menu pushes the page down: it closes before a scroll measures where a section is.
  const closeMenu = () => flushSync(() => setMenuOpen(false));

  // spec §2: a hash link updates the hash and scrolls smoothly; any other link goes to '/' plus the link.
  const follow = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    closeMenu();
    if (href.startsWith('#')) {
      void navigate({ pathname: location.pathname, search: location.search, hash: href });
      scrollToAnchor(href);
    } else {
      void navigate({ pathname: `/${href.replace(/^\//, '')}`, search: location.search });
    }
  };

  return (
    <header className="site-header">
      <nav className="nav" aria-label={texts.nav.label}>
        <a className="nav__brand" href="/" aria-label={texts.nav.homeLabel} onClick={goHome}>
          {texts.nav.home}
        </a>
        <button
          type="button"
          className="nav__take-part"
          onClick={() => {
            closeMenu();
            scrollToAnchor('#wez-udzial');
          }}
        >
          {texts.nav.takePart}
        </button>
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={menuOpen}
          aria-controls="menu-glowne"
          aria-label={menuOpen ? texts.nav.closeMenu : texts.nav.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav__toggle-bar" aria-hidden="true" />
        </button>
        <ul id="menu-glowne" className={menuOpen ? 'nav__menu nav__menu--open' : 'nav__menu'}>
          {texts.nav.links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                title={link.title}
                className={link.prominent ? 'nav__link nav__link--prominent' : 'nav__link'}
                onClick={follow(link.href)}
              >
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a className="nav__link" href={campaign.links.rulesPdf} target="_blank" rel="noopener noreferrer">
              {texts.nav.rules}
              <span className="visually-hidden"> {texts.nav.newTab}</span>
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
