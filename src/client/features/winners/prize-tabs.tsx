import { useRef, type KeyboardEvent } from 'react';
import { texts } from '#shared/content/texts.ts';
import type { PrizeTabId } from './winners-view';

// spec §3 "Prize tab": sorted by order.
const tabs = [...texts.winners.tabs].sort((a, b) => a.order - b.order) as {
  id: PrizeTabId;
  title: string;
  order: number;
}[];

/** The ids the tabs and their panel share (WAI-ARIA: each tab controls the panel, which names its tab). */
export const tabId = (baseId: string, tab: PrizeTabId) => `${baseId}-tab-${tab}`;
export const panelId = (baseId: string) => `${baseId}-panel`;

/**
 * The prize tabs as WAI-ARIA tabs: arrows move between them (with automatic activation), Home and End jump
 * to the ends; only the selected tab is a tab stop.
 */
export function PrizeTabs({
  baseId,
  labelledBy,
  selected,
  onSelect,
}: {
  baseId: string;
  labelledBy: string;
  selected: PrizeTabId;
  onSelect: (tab: PrizeTabId) => void;
}) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-labelledby={labelledBy}>
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            id={tabId(baseId, tab.id)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={isSelected}
            aria-controls={panelId(baseId)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.title}
          </button>
        );
      })}
    </div>
  );
}
