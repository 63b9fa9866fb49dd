import { useId, useReducer, type ReactNode } from 'react';
import { formatIsoDate, formatPolishDate } from '#shared/warsaw-time.ts';
import { campaignNow } from '../../lib/clock';
import { texts } from '#shared/content/texts.ts';
import { useHydrated } from '../../lib/hydrated';
import type { LiveState } from '../../lib/live-data';
import { fill } from '#shared/content/template.ts';
import { Calendar, monthName } from './calendar';
import { CodeChecker } from './code-checker';
import { DrawList, sortedDraws } from './draw-list';
import { ErrorBoundary } from './error-boundary';
import { PrizeTabs, panelId, tabId } from './prize-tabs';
import { drawRows, instantRows } from './result-rows';
import { ResultsTable, type ResultRow } from './results-table';
import { useDrawWinners, useInstantWinners } from './winners-data';
import {
  initialWinnersView,
  lotteryMonths,
  selectedDate,
  winnersReducer,
  type PrizeTabId,
} from './winners-view';
import './winners.css';

/** Renders the rows once the list is in; a failed fetch (after the retries) throws to the boundary. */
function Results<T>({
  list,
  rows,
  labelledBy,
}: {
  list: LiveState<T[]>;
  rows: (records: T[]) => ResultRow[];
  labelledBy: string;
}) {
  if (list.data === undefined) {
    if (list.error !== undefined) throw list.error;
    return (
      <p className="winners__message" role="status" aria-live="polite">
        {texts.winners.loading}
      </p>
    );
  }
  return <ResultsTable rows={rows(list.data)} labelledBy={labelledBy} />;
}

/**
 * docs/performance.md#rendering-on-the-server: the lists, the calendar and the checker go by the visitor's
 * day and fetched data: the server's HTML says they need JavaScript (seen only without it), the browser
 * renders them.
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
  const resultsTitleId = `${baseId}-results`;

  const selectTab = (id: PrizeTabId) => {
    if (id === view.prizeType) return;
    dispatch(id === 'instant' ? { type: 'instant', nowMs: campaignNow() } : { type: 'draw' });
  };

  const date = selectedDate(view);
  const chosenDraw = sortedDraws.find((draw) => draw.id === view.draw);

  let resultsTitle: string;
  let body: ReactNode;
  let resetKey: string;
  if (view.prizeType === 'instant') {
    resultsTitle = texts.winners.instantResultsTitle;
    const iso = date ? formatIsoDate(date) : null;
    resetKey = `instant-${iso}-${instant.settled}`;
    body = iso ? (
      <Results
        key={iso}
        list={instant}
        rows={(records) => instantRows(records, iso)}
        labelledBy={resultsTitleId}
      />
    ) : (
      <p className="winners__message">{texts.winners.chooseDay}</p>
    );
  } else {
    resultsTitle = chosenDraw ? chosenDraw.title : texts.winners.chooseDraw;
    resetKey = `draw-${view.draw}-${drawWinners.settled}`;
    body = chosenDraw ? (
      <Results
        key={chosenDraw.id}
        list={drawWinners}
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
        <PrizeTabs
          baseId={baseId}
          labelledBy={`${baseId}-prizes`}
          selected={view.prizeType}
          onSelect={selectTab}
        />

        <div
          id={panelId(baseId)}
          className="winners__panel"
          role="tabpanel"
          aria-labelledby={tabId(baseId, view.prizeType)}
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
            <DrawList chosen={chosenDraw} onSelect={(draw) => dispatch({ type: 'selectDraw', draw })} />
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
