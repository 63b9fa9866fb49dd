import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../lib/api';
import { texts } from '../lib/texts';

/** While a page's data is on its way, or why it is not: a status, or the error and a retry button. */
export function QueryState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.error) {
    return (
      <div className="query-error">
        <p role="alert">{errorText(query.error)}</p>
        <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
          {texts.errors.retry}
        </button>
      </div>
    );
  }
  if (query.isPending) return <p role="status">{texts.loading}</p>;
  return null;
}
