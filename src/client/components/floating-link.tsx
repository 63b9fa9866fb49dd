import { useLocation } from 'react-router-dom';
import { campaign } from '#shared/campaign.ts';
import { isStatementPath } from '../lib/statement-path';
import { texts } from '#shared/content/texts.ts';

export function FloatingLink() {
  const { pathname } = useLocation();
  if (isStatementPath(pathname)) return null;
  return (
    <a className="floating-link" href={campaign.links.playOnline} target="_blank" rel="noopener noreferrer">
      {texts.floatingLink}
    </a>
  );
}
