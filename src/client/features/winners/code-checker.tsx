import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { prizes, tierForPrize, type PrizeKey } from '#shared/campaign.ts';
import { Modal } from '../../components/modal';
import { fill } from '#shared/content/template.ts';
import { useWinnersLists, type DrawWinner, type InstantWinner } from './winners-data';
import { texts } from '#shared/content/texts.ts';

interface Result {
  code: string;
  awards: string[];
}

/** spec §5: exact, case-sensitive match (no trimming) against the codes of both lists. */
export function findAwards(code: string, instant: InstantWinner[], draws: DrawWinner[]): string[] {
  return [
    ...instant.filter((winner) => winner.code === code).map((winner) => winner.award),
    ...draws.filter((winner) => winner.code === code).map((winner) => winner.price),
  ];
}

/**
 * Codes are printed in capitals: what is typed in lower case is shown and kept in capitals
 * (docs/decisions/landing.md#code-checker-input), and matched exactly as shown. The input's own value is
 * changed where the caret is, so it does not jump.
 */
function inCapitals(input: HTMLInputElement): string {
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

export function CodeChecker() {
  const headingId = useId();
  const lists = useWinnersLists();
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // spec §5: empty or whitespace-only input does nothing.
    if (value.trim() === '' || checking) return;
    const code = value;
    setChecking(true);
    setFailed(false);
    try {
      // The lists the page already holds; a search made before they arrive waits for them rather than
      // answering 'not drawn' from an empty list.
      const [instant, draws] = await Promise.all([lists.instant.ensure(), lists.draws.ensure()]);
      setResult({ code, awards: findAwards(code, instant, draws) });
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  };
  const close = () => setResult(null);

  return (
    <div className="checker">
      <h3 id={headingId} className="checker__title">
        {texts.checker.title}
      </h3>
      <form
        className="checker__form"
        onSubmit={(event) => void submit(event)}
        role="search"
        aria-labelledby={headingId}
      >
        <label className="visually-hidden" htmlFor={`${headingId}-input`}>
          {texts.checker.inputLabel}
        </label>
        <input
          id={`${headingId}-input`}
          className="checker__input"
          type="text"
          value={value}
          onChange={(event) => setValue(inCapitals(event.target))}
          placeholder={texts.checker.placeholder}
          aria-describedby={`${headingId}-hint`}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button button--sun" aria-busy={checking}>
          {texts.checker.button}
        </button>
      </form>
      <p id={`${headingId}-hint`} className="checker__hint">
        {texts.checker.hint}
      </p>
      <p className="checker__error" role="alert">
        {failed && texts.winners.error}
      </p>

      <Modal
        open={result !== null && result.awards.length > 0}
        title={texts.checker.foundTitle}
        onClose={close}
      >
        {result && (
          <>
            <p>{fill(texts.checker.foundIntro, { code: result.code })}</p>
            <ul className="checker__prizes">
              {result.awards.map((award, index) => {
                const prize = prizes.catalogue[award as PrizeKey];
                const tier = tierForPrize(award);
                return (
                  <li key={`${award}-${index}`}>
                    <span className="checker__prize">
                      {prize && <span className="winners__label">{prize.label}</span>}
                      <span className="winners__award">{prize?.award ?? award}</span>
                    </span>
                    {tier?.claimBy === 'code' && (
                      // The statement form reads the code from navigation state and locks its code boxes.
                      <Link className="button" to={tier.path} state={{ code: result.code }}>
                        {texts.checker.statementLink}
                        <span className="visually-hidden">: {prize?.award ?? award}</span>
                      </Link>
                    )}
                    {/* A hash tier's statement is accepted only from the winner's e-mailed link. */}
                    {tier?.claimBy === 'hash' && (
                      <p className="checker__by-email">{texts.checker.statementByEmail}</p>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Modal>

      <Modal
        open={result !== null && result.awards.length === 0}
        title={texts.checker.notFoundTitle}
        onClose={close}
      >
        {result && <p>{fill(texts.checker.notFoundText, { code: result.code })}</p>}
        <button type="button" className="button" onClick={close}>
          {texts.checker.again}
        </button>
      </Modal>
    </div>
  );
}
