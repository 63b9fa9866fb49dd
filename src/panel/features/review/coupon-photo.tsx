import { useRef, useState } from 'react';
import { imageCall } from '#shared/panel-api/review-calls.ts';
import { callUrl } from '../../lib/api';
import { fill, texts } from '../../lib/texts';
import { LiveAlert } from '../../components/live-region';
import { LookReason, type Need } from './look-reason';

/** The zoom levels + and − step through (1 is 100 %: one pixel of the photo to one of the screen). */
const STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];
type Zoom = 'fit' | number;

/**
 * The coupon photo, asked for only when the person acting on the statement wants to see it, for a need chosen
 * like a reveal's (docs/decisions/review.md#unmasking; each load is audited as `photo-viewed` with it): an
 * <img> of the call's URL, the need in its query, so the browser sends the session cookie itself. Fitted to its
 * column first; the toggle (or a click on the photo) shows it at 100 %, + and − step the zoom, and the frame
 * scrolls, by the arrow keys too (docs/decisions/panel-page.md#review-pages). The zoomed size is the
 * image's `width` attribute, not an inline style: the panel's CSP allows no style attribute.
 */
export function CouponPhoto({
  statementId,
  reference,
  image,
  canSee,
}: {
  statementId: string;
  reference: string;
  image: boolean;
  /** Whether the person acts on the statement now (its `reveal` action). */
  canSee: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [need, setNeed] = useState<Need>();
  const showButton = useRef<HTMLButtonElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [naturalWidth, setNaturalWidth] = useState(0);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const frame = useRef<HTMLDivElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);

  if (!image) return <p>{texts.statement.photoNone}</p>;
  if (!canSee) return <p className="hint">{texts.statement.photoNotYours}</p>;
  if (!need) {
    return (
      <>
        {asking ? (
          <LookReason
            label={texts.statement.photoShow}
            submit={texts.statement.photoSubmit}
            problem={problem}
            onProblem={setProblem}
            onLook={(chosen) => {
              setProblem(undefined);
              setNeed(chosen);
              requestAnimationFrame(() => toggleButton.current?.focus());
            }}
            onCancel={() => {
              setAsking(false);
              setProblem(undefined);
              requestAnimationFrame(() => showButton.current?.focus());
            }}
          />
        ) : (
          <>
            <button
              ref={showButton}
              type="button"
              className="button button--quiet"
              onClick={() => setAsking(true)}
            >
              {texts.statement.photoShow}
            </button>
            <p className="hint">{texts.statement.photoHint}</p>
          </>
        )}
        <LiveAlert message={problem} />
      </>
    );
  }

  const loaded = naturalWidth > 0;
  /** Fitted, the photo is at most its frame's width and never above 100 %. */
  const fittedScale = () => {
    const room = frame.current?.clientWidth ?? 0;
    return room > 0 ? Math.min(1, room / naturalWidth) : 1;
  };
  const zoomBy = (direction: 1 | -1) => {
    if (!loaded) return;
    const current = zoom === 'fit' ? fittedScale() : zoom;
    const to =
      direction > 0
        ? STEPS.find((step) => step > current + 0.001)
        : STEPS.findLast((step) => step < current - 0.001);
    if (to !== undefined) setZoom(to);
  };
  const largest = zoom !== 'fit' && zoom >= STEPS.at(-1)!;
  const smallest = zoom !== 'fit' && zoom <= STEPS[0]!;
  const toggle = () => setZoom((now) => (now === 'fit' ? 1 : 'fit'));

  return (
    <div className="photo">
      <div className="photo__tools">
        <button ref={toggleButton} type="button" className="button button--quiet" onClick={toggle}>
          {zoom === 'fit' ? texts.statement.zoomActual : texts.statement.zoomFit}
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-label={texts.statement.zoomOut}
          aria-disabled={!loaded || smallest}
          onClick={() => zoomBy(-1)}
        >
          {texts.statement.zoomOutSymbol}
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-label={texts.statement.zoomIn}
          aria-disabled={!loaded || largest}
          onClick={() => zoomBy(1)}
        >
          {texts.statement.zoomInSymbol}
        </button>
        <p className="photo__zoom" aria-live="polite">
          {zoom === 'fit'
            ? texts.statement.zoomFitted
            : fill(texts.statement.zoomLevel, { percent: Math.round(zoom * 100) })}
        </p>
      </div>
      {failed ? (
        <div className="query-error">
          <p role="alert">{texts.statement.photoFailed}</p>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              setFailed(false);
              setAttempt((count) => count + 1);
            }}
          >
            {texts.statement.photoRetry}
          </button>
        </div>
      ) : null}
      <div
        ref={frame}
        className="photo__frame"
        role="region"
        aria-label={texts.statement.photoRegion}
        tabIndex={0}
      >
        {/* A click is the toggle's shortcut for a mouse; the keyboard has the toggle itself. */}
        <img
          key={attempt}
          src={callUrl(imageCall, { params: { id: statementId }, query: need })}
          alt={fill(texts.statement.photoAlt, { reference })}
          className={zoom === 'fit' ? 'photo__image photo__image--fit' : 'photo__image photo__image--zoomed'}
          width={zoom === 'fit' || !loaded ? undefined : Math.round(naturalWidth * zoom)}
          onLoad={(event) => setNaturalWidth(event.currentTarget.naturalWidth)}
          onError={() => setFailed(true)}
          onClick={toggle}
        />
      </div>
    </div>
  );
}
