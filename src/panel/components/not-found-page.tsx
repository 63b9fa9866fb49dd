import { Link } from 'react-router-dom';
import { texts } from '../lib/texts';
import { Page } from './page';

export function NotFoundPage() {
  return (
    <Page title={texts.notFound.title}>
      <p>
        <Link to="/">{texts.notFound.back}</Link>
      </p>
    </Page>
  );
}
