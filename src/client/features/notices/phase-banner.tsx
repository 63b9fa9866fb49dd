import { phaseAt } from '#shared/campaign.ts';
import './notices.css';
import { texts } from '#shared/content/texts.ts';

const prefixes: Record<string, string | undefined> = texts.banner.prefix;

/** spec §4 "Campaign phases": the banner of the phase that holds at `nowMs`; the active phase has none. */
export function PhaseBanner({ nowMs }: { nowMs: number }) {
  const phase = phaseAt(nowMs);
  if (!phase || !phase.banner) return null;
  const prefix = prefixes[phase.id];
  return (
    <aside className="phase-banner" aria-label={texts.banner.label} data-phase={phase.id}>
      <p>
        {prefix && <strong className="phase-banner__prefix">{prefix} </strong>}
        <span className="phase-banner__message">{phase.banner}</span>
      </p>
    </aside>
  );
}
