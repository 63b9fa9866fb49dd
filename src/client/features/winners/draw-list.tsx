import { draws, type Draw } from '#shared/campaign.ts';
import { formatPolishDate } from '#shared/warsaw-time.ts';
import { texts } from '#shared/content/texts.ts';
import { fill } from '#shared/content/template.ts';

export const sortedDraws = [...draws].sort((a, b) => a.order - b.order);

/** spec §2: the draws by their order, each with its date; the chosen one with its registration window. */
export function DrawList({
  chosen,
  onSelect,
}: {
  chosen: Draw | undefined;
  onSelect: (drawId: string) => void;
}) {
  return (
    <div className="winners__draws">
      <ul className="draw-list" aria-label={texts.winners.drawListLabel}>
        {sortedDraws.map((draw) => (
          <li key={draw.id}>
            <button
              type="button"
              className="draw-list__button"
              aria-pressed={draw.id === chosen?.id}
              onClick={() => onSelect(draw.id)}
            >
              <span className="draw-list__title">{draw.title}</span>
              <span className="draw-list__date">{formatPolishDate(draw.date)}</span>
            </button>
          </li>
        ))}
      </ul>
      {chosen && (
        <div className="winners__draw-info">
          <h4 className="winners__draw-heading">
            {fill(texts.winners.drawHeading, { date: formatPolishDate(chosen.date) })}
          </h4>
          <p className="winners__draw-subtitle">
            {fill(texts.winners.drawSubtitle, {
              start: formatPolishDate(chosen.startDate),
              end: formatPolishDate(chosen.endDate),
            })}
          </p>
        </div>
      )}
    </div>
  );
}
