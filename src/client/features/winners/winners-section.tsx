import { useId, useReducer, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { draws, prizes, type PrizeKey } from '../../../shared/campaign';
import { formatIsoDate, formatPolishDate } from '../../../shared/warsaw-time';
import { campaignNow } from '../../lib/clock';
import { useHydrated } from '../../lib/hydrated';
import { fill } from '../../lib/template';
import { Calendar, monthName } from './calendar';
import { CodeChecker } from './code-checker';
import { ErrorBoundary } from './error-boundary';
import { ResultsTable, type ResultRow } from './results-table';
import { useDrawWinners, useInstantWinners, type DrawWinner, type InstantWinner } from './winners-data';
import {
  initialWinnersView,
  lotteryMonths,
  parseRecordDate,
  selectedDate,
  winnersReducer,
  type PrizeTabId,
} from './winners-view';
import './winners.css';
import { texts } from '../../lib/content';

// spec §3 "Prize tab": sorted by order.
const tabs = [...texts.winners.tabs].sort((a, b) => a.order - b.order) as {
  id: PrizeTabId;
  title: string;
  order: number;
}[];
const sortedDraws = [...draws].sort((a, b) => a.order - b.order);
// spec §2: rows of the additional draw show no name or label.
const DRAW_WITHOUT_DETAILS = 'Draw8';

function prizeOf(key: string) {
  return prizes.catalogue[key as PrizeKey];
}

function instantRows(records: InstantWinner[], date: string): ResultRow[] {
  return records
    .filter((record) => {
      const recordDate = parseRecordDate(record.date);
      return recordDate !== null && formatIsoDate(recordDate) === date;
    })
    .map((record, index) => ({
      key: `${record.code}-${index}`,
      award: prizeOf(record.award)?.award ?? record.award,
      label: prizeOf(record.award)?.label ?? null,
      code: record.code,
      detail: record.userPublish || null,
    }));
}

function drawRows(records: DrawWinner[], drawId: string): ResultRow[] {
  const plain = drawId === DRAW_WITHOUT_DETAILS;
  return records
    .filter((record) => record.drawName === drawId)
    .sort((a, b) => a.priceRank - b.priceRank)
    .map((record, index) => ({
      key: `${record.code}-${index}`,
      award: prizeOf(record.price)?.award ?? record.price,
      label: plain ? null : (prizeOf(record.price)?.label ?? null),
      code: record.code,
      detail: plain ? null : record.name || null,
    }));
}

/** Renders the rows once the list is in; a failed fetch (after the retries) throws to the boundary. */
function Results<T>({
  query,
  rows,
  labelledBy,
}: {
  query: UseQueryResult<T[]>;
  rows: (records: T[]) => ResultRow[];
  labelledBy: string;
}) {
  if (query.data === undefined) {
    if (query.isError) throw query.error;
    return (
      <p className="winners__message" role="status" aria-live="polite">
        {texts.winners.loading}
      </p>
    );
  }
  return <ResultsTable rows={rows(query.data)} labelledBy={labelledBy} />;
}

/**
 * Issue 13: the lists, the calendar and the checker go by the visitor's day and fetched data: the server's
 * HTML says they need JavaScript (seen only without it), the browser renders them.
 */
export function WinnersSection() {
  return useHydrated() ? (
    <WinnersLists />
  ) : (
    <noscript>
      <p className="winners__no-script">{texts.winners.noScript}</p>
    </noscript>
  );
}

function WinnersLists() {
  const [view, dispatch] = useReducer(winnersReducer, undefined, () => initialWinnersView(campaignNow()));
  const instant = useInstantWinners();
  const drawWinners = useDrawWinners();
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const resultsTitleId = `${baseId}-results`;

  const selectTab = (id: PrizeTabId) => {
    if (id === view.prizeType) return;
    dispatch(id === 'instant' ? { type: 'instant', nowMs: campaignNow() } : { type: 'draw' });
  };

  // WAI-ARIA tabs: arrows move between tabs (with automatic activation), Home and End jump to the ends.
  const onTabKeyDown = (event: KeyboardEvent, index: number) => {
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
    selectTab(tabs[next]!.id);
    tabRefs.current[next]?.focus();
  };

  const date = selectedDate(view);
  const chosenDraw = sortedDraws.find((draw) => draw.id === view.draw);

  let resultsTitle: string;
  let body: ReactNode;
  let resetKey: string;
  if (view.prizeType === 'instant') {
    resultsTitle = texts.winners.instantResultsTitle;
    const iso = date ? formatIsoDate(date) : null;
    resetKey = `instant-${iso}-${instant.errorUpdatedAt}-${instant.dataUpdatedAt}`;
    body = iso ? (
      <Results query={instant} rows={(records) => instantRows(records, iso)} labelledBy={resultsTitleId} />
    ) : (
      <p className="winners__message">{texts.winners.chooseDay}</p>
    );
  } else {
    resultsTitle = chosenDraw ? chosenDraw.title : texts.winners.chooseDraw;
    resetKey = `draw-${view.draw}-${drawWinners.errorUpdatedAt}-${drawWinners.dataUpdatedAt}`;
    body = chosenDraw ? (
      <Results
        query={drawWinners}
        rows={(records) => drawRows(records, chosenDraw.id)}
        labelledBy={resultsTitleId}
      />
    ) : (
      <p className="winners__message">{texts.winners.chooseDrawHint}</p>
    );
  }

  return (
    <div className="winners">
      <div className="winners__prizes">
        <h3 id={`${baseId}-prizes`} className="winners__heading">
          {texts.winners.prizesTitle}
        </h3>
        <div className="tabs" role="tablist" aria-labelledby={`${baseId}-prizes`}>
          {tabs.map((tab, index) => {
            const selected = tab.id === view.prizeType;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                id={`${baseId}-tab-${tab.id}`}
                type="button"
                role="tab"
                className="tabs__tab"
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => selectTab(tab.id)}
                onKeyDown={(event) => onTabKeyDown(event, index)}
              >
                {tab.title}
              </button>
            );
          })}
        </div>

        <div
          id={`${baseId}-panel`}
          className="winners__panel"
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${view.prizeType}`}
        >
          {view.prizeType === 'instant' && view.month !== null && (
            <div className="winners__calendar">
              <label className="winners__month">
                <span>{texts.winners.monthLabel}</span>
                <select
                  value={view.month}
                  onChange={(event) => dispatch({ type: 'month', month: event.target.value })}
                >
                  {lotteryMonths(view).map((key) => (
                    <option key={key} value={key}>
                      {monthName(key)}
                    </option>
                  ))}
                </select>
              </label>
              <Calendar
                view={view}
                monthKeyValue={view.month}
                onSelectDay={(day) => dispatch({ type: 'day', day })}
              />
            </div>
          )}

          {view.prizeType === 'draw' && (
            <div className="winners__draws">
              <ul className="draw-list" aria-label={texts.winners.drawListLabel}>
                {sortedDraws.map((draw) => (
                  <li key={draw.id}>
                    <button
                      type="button"
                      className="draw-list__button"
                      aria-pressed={draw.id === view.draw}
                      onClick={() => dispatch({ type: 'selectDraw', draw: draw.id })}
                    >
                      <span className="draw-list__title">{draw.title}</span>
                      <span className="draw-list__date">{formatPolishDate(draw.date)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {chosenDraw && (
                <div className="winners__draw-info">
                  <h4 className="winners__draw-heading">
                    {fill(texts.winners.drawHeading, { date: formatPolishDate(chosenDraw.date) })}
                  </h4>
                  <p className="winners__draw-subtitle">
                    {fill(texts.winners.drawSubtitle, {
                      start: formatPolishDate(chosenDraw.startDate),
                      end: formatPolishDate(chosenDraw.endDate),
                    })}
                  </p>
                </div>
              )}
            </div>
          )}

          <div className="winners__results">
            <h4 id={resultsTitleId} className="winners__results-title">
              {resultsTitle}
            </h4>
            {date && (
              <p className="winners__results-date">
                {fill(texts.winners.dayResults, { date: formatPolishDate(formatIsoDate(date)) })}
              </p>
            )}
            <ErrorBoundary
              resetKey={resetKey}
              fallback={
                <p className="winners__message winners__message--error" role="alert">
                  {texts.winners.error}
                </p>
              }
            >
              {body}
            </ErrorBoundary>
          </div>
        </div>
      </div>

      <CodeChecker />
    </div>
  );
}
