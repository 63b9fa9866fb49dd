import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { logoutEverywhereCall } from '#shared/panel-api/session-calls.ts';
import { errorText } from '../../lib/api';
import type { SessionLine } from '../../lib/api-types';
import { texts } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { LiveAlert } from '../../components/live-region';
import { QueryState } from '../../components/query-state';
import { ColumnTable } from '../../components/table-scroll';
import { useLogOut } from '../../components/use-log-out';
import { nameOf } from './passkey-name';

/** One's sessions: the passkeys page shows them and refreshes them after a passkey is removed. */
export const SESSIONS_KEY = ['sessions'] as const;

const words = texts.passkeys.sessions;

/**
 * docs/decisions/staff.md#sessions: one's own sessions (when each began and last called, the passkey that
 * opened it, this one marked) and 'Wyloguj wszędzie', which ends all of them, this one too.
 */
export function SessionsSection({ sessions }: { sessions: UseQueryResult<SessionLine[]> }) {
  const headingId = useId();
  const hintId = useId();
  const endAll = useLogOut(logoutEverywhereCall, { loggedOutEverywhere: true });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{words.heading}</h2>
      <p>{words.intro}</p>
      <QueryState query={sessions} />
      {sessions.data ? (
        <ColumnTable
          caption={words.caption}
          columns={[words.columns.createdAt, words.columns.lastSeenAt, words.columns.passkey]}
        >
          {/* Sessions have no id the page may know (their tokens are secrets): newest first, by place. */}
          {sessions.data.map((session, place) => (
            <tr key={place}>
              <td>
                {formatInstant(session.createdAt)}
                {session.current ? <strong> ({words.current})</strong> : null}
              </td>
              <td>{formatInstant(session.lastSeenAt)}</td>
              <td>{session.passkey ? nameOf(session.passkey) : words.unknownPasskey}</td>
            </tr>
          ))}
        </ColumnTable>
      ) : null}
      <p id={hintId} className="hint">
        {words.endAllHint}
      </p>
      <button
        type="button"
        className="button button--danger"
        aria-describedby={hintId}
        aria-disabled={endAll.isPending}
        onClick={() => {
          if (!endAll.isPending) endAll.mutate();
        }}
      >
        {words.endAll}
      </button>
      <LiveAlert message={endAll.error ? errorText(endAll.error) : undefined} />
    </section>
  );
}
