import { useLocation } from 'react-router-dom';
import texts from '../../content/texts.json';
import { campaign } from '../../shared/campaign';
import { isStatementPath } from '../lib/statement-path';

export function FloatingLink() {
  const { pathname } = useLocation();
  if (isStatementPath(pathname)) return null;
  return (
    <a className="floating-link" href={campaign.links.playOnline} target="_blank" rel="noopener noreferrer">
      {texts.floatingLink}
    </a>
  );
}
