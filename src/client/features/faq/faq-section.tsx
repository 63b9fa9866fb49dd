import { useId, useState, type KeyboardEvent } from 'react';
import { FaqAnswer } from './faq-answer';
import { faqGroups, type FaqGroup } from './faq-content';
import './faq.css';
import { texts } from '#shared/content/texts.ts';
import { useHydrated } from '../../lib/hydrated';

// WAI-ARIA accordion: Up/Down move between the headers of one level, Home/End jump to its ends.
function moveFocus(event: KeyboardEvent<HTMLButtonElement>, selector: string) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const container = event.currentTarget.closest('[data-accordion]');
  if (!container) return;
  const buttons = [...container.querySelectorAll<HTMLButtonElement>(`:scope > * > ${selector}`)];
  const index = buttons.indexOf(event.currentTarget);
  const next =
    event.key === 'ArrowDown'
      ? (index + 1) % buttons.length
      : event.key === 'ArrowUp'
        ? (index - 1 + buttons.length) % buttons.length
        : event.key === 'Home'
          ? 0
          : buttons.length - 1;
  event.preventDefault();
  buttons[next]?.focus();
}

export function FaqSection({ groups = faqGroups }: { groups?: FaqGroup[] }) {
  const baseId = useId();
  // spec §2: one group open at a time, none at first; opening a group resets the open sub-question.
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [openItem, setOpenItem] = useState<string | null>(null);
  // docs/performance.md#rendering-on-the-server: the server's HTML has every answer open, so the FAQ reads
  // without JavaScript.
  const hydrated = useHydrated();

  const toggleGroup = (id: string) => {
    setOpenGroup((current) => (current === id ? null : id));
    setOpenItem(null);
  };

  return (
    <div className="faq" data-accordion aria-label={texts.faq.groupsLabel} role="group">
      {groups.map((group) => {
        const expanded = !hydrated || openGroup === group.id;
        const headerId = `${baseId}-${group.id}-h`;
        const panelId = `${baseId}-${group.id}-p`;
        return (
          <div key={group.id} className={expanded ? 'faq__group faq__group--open' : 'faq__group'}>
            <h3 className="faq__group-heading">
              <button
                type="button"
                id={headerId}
                className="faq__group-button"
                data-level="group"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggleGroup(group.id)}
                onKeyDown={(event) => moveFocus(event, 'h3 > [data-level="group"]')}
              >
                {group.title}
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              className="faq__group-panel"
              hidden={!expanded}
            >
              <div className="faq__items" data-accordion>
                {group.items.map((item) => {
                  const itemOpen = !hydrated || (expanded && openItem === item.id);
                  const itemHeaderId = `${baseId}-${group.id}-${item.id}-h`;
                  const itemPanelId = `${baseId}-${group.id}-${item.id}-p`;
                  return (
                    <div key={item.id} className="faq__item">
                      <h4 className="faq__item-heading">
                        <button
                          type="button"
                          id={itemHeaderId}
                          className="faq__item-button"
                          data-level="item"
                          aria-expanded={itemOpen}
                          aria-controls={itemPanelId}
                          onClick={() => setOpenItem((current) => (current === item.id ? null : item.id))}
                          onKeyDown={(event) => moveFocus(event, 'h4 > [data-level="item"]')}
                        >
                          {item.title}
                        </button>
                      </h4>
                      <div id={itemPanelId} className="faq__answer" hidden={!itemOpen}>
                        <FaqAnswer item={item} />
                      </div>
                    </div>
                  );
                })}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
