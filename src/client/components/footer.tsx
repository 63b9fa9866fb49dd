import { Link } from 'react-router-dom';
import { campaign } from '#shared/campaign.ts';
import { COMPLAINT_PAGE_PATH } from '#shared/complaint/complaint-path.ts';
import { texts } from '#shared/content/texts.ts';

export function Footer() {
  const links = [
    { href: campaign.links.privacyPolicyPdf, label: texts.footer.privacyPolicy },
    { href: campaign.links.informationClausePdf, label: texts.footer.informationClause },
    { href: campaign.links.responsibleGaming, label: texts.footer.responsibleGaming },
  ];
  return (
    <footer className="site-footer">
      <div className="site-footer__warning">
        <span className="site-footer__adult" aria-hidden="true">
          {texts.footer.adultOnly}
        </span>
        <p>
          {texts.footer.warning} {texts.footer.salesPeriod}
        </p>
      </div>
      <p className="site-footer__organiser">
        {texts.footer.organiserPrefix} {campaign.organiser}
      </p>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="visually-hidden"> {texts.nav.newTab}</span>
            </a>
          </li>
        ))}
        {/* docs/decisions/complaints.md#form: the complaint form, a page of the site (no new tab). */}
        <li>
          <Link to={COMPLAINT_PAGE_PATH}>{texts.footer.complaints}</Link>
        </li>
      </ul>
    </footer>
  );
}
