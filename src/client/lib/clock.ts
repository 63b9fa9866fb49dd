import { calendarStretch } from '#shared/campaign.ts';

let clock: (() => number) | undefined;

/**
 * The site's clock, as the page was served. The server pins it with CAMPAIGN_NOW (<meta name="campaign-now">);
 * otherwise real time. The page also says when the server rendered it (<meta name="rendered-at">): should the
 * device's clock put the visit in another stretch of the campaign's calendar (a phone set a day wrong), the
 * site goes by the server's time, so the browser shows the phase and notice the server's HTML shows.
 */
function readClock(): () => number {
  const instant = (name: string) =>
    Date.parse(document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '');
  const pinned = instant('campaign-now');
  if (!Number.isNaN(pinned)) return () => pinned;
  const rendered = instant('rendered-at');
  const offset =
    Number.isNaN(rendered) || calendarStretch(rendered) === calendarStretch(Date.now())
      ? 0
      : rendered - Date.now();
  return () => Date.now() + offset;
}

export function campaignNow(): number {
  clock ??= readClock();
  return clock();
}
