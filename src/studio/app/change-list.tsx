import type { Change, WordPart } from '../changes';

/** The words of a wording only one version has, marked (and named for screen readers, which skip marks). */
function Wording({ parts, shows }: { parts: WordPart[]; shows: 'removed' | 'added' }) {
  const Mark = shows === 'removed' ? 'del' : 'ins';
  return parts
    .filter(({ change }) => change !== (shows === 'removed' ? 'added' : 'removed'))
    .map(({ words, change }, index) => (
      <span key={index}>
        {index > 0 && ' '}
        {change ? (
          <Mark>
            <span className="visually-hidden">{shows === 'removed' ? '[usunięte: ' : '[dodane: '}</span>
            {words}
            <span className="visually-hidden">]</span>
          </Mark>
        ) : (
          words
        )}
      </span>
    ));
}

/** Changes told in words; a changed wording shown as it was and as it is, the changed words marked. */
export function ChangeList({ changes }: { changes: Change[] }) {
  return (
    <ul>
      {changes.map((change, index) => (
        <li key={index}>
          {change.text}
          {change.wording && (
            <dl className="studio-wording">
              <dt>Było:</dt>
              <dd>
                <Wording parts={change.wording} shows="removed" />
              </dd>
              <dt>Jest:</dt>
              <dd>
                <Wording parts={change.wording} shows="added" />
              </dd>
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}
