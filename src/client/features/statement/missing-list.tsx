import { useEffect, useRef, useState } from 'react';
import { texts } from '#shared/content/statement-texts.ts';
import { scrollBehavior } from '../../lib/scroll';
import type { MissingField } from './missing-fields';

/** A screen reader hears how many fields are left once the visitor pauses, not at every keystroke. */
const ANNOUNCE_AFTER_MS = 1500;

const plural = new Intl.PluralRules('pl-PL');

function countText(count: number): string {
  const form = plural.select(count) as 'one' | 'few' | 'many';
  return (texts.missing.count[form] ?? texts.missing.count.many).replace('{count}', String(count));
}

/** Scrolls the field into the middle of the screen and puts focus in it. */
function goTo(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  (element.closest('.field') ?? element).scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
  element.focus({ preventScroll: true });
}

interface MissingListProps {
  entries: readonly MissingField[];
  /** The button is enabled (only the coupon photo may be left, spec §4): the hint to complete is not said. */
  complete: boolean;
  /** The id of the element an entry moves focus to. */
  targetOf: (entry: MissingField) => string;
  /** Told which field an entry led to: it counts as visited, so its own message shows. */
  onVisit: (entry: MissingField) => void;
}

/**
 * docs/decisions/statement-page.md#missing-list: under the submit button, what is still missing or wrong, by
 * the fields' labels; each entry moves focus to its field. The list follows the form; a polite live region
 * tells the count after a pause.
 */
export function MissingList({ entries, complete, targetOf, onVisit }: MissingListProps) {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const count = entries.length;
  useEffect(() => {
    // Nothing is announced when the page opens: the list is read with the page.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(
      () => setAnnouncement(count === 0 ? texts.missing.done : countText(count)),
      ANNOUNCE_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [count]);

  return (
    <>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {count > 0 && (
        <div className="missing">
          {!complete && (
            <p id="brakujace-pola" className="field-note">
              {texts.incompleteHint}
            </p>
          )}
          {/* role="list": Safari drops the role of a list drawn without its own bullets */}
          <ul className="missing__list" role="list" aria-label={texts.missing.label}>
            {entries.map((entry) => (
              <li key={entry.path}>
                <span className="missing__bullet" aria-hidden="true" />
                <button
                  type="button"
                  className="missing__link"
                  onClick={() => {
                    onVisit(entry);
                    goTo(targetOf(entry));
                  }}
                >
                  {entry.label}
                </button>
                {entry.wrong && <span className="missing__state"> ({texts.missing.wrong})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
