// The server pins the site's clock with CAMPAIGN_NOW (a meta tag in the page); otherwise real time.
let pinnedMs: number | null | undefined;

export function campaignNow(): number {
  if (pinnedMs === undefined) {
    const content = document.querySelector('meta[name="campaign-now"]')?.getAttribute('content');
    const parsed = content ? Date.parse(content) : NaN;
    pinnedMs = Number.isNaN(parsed) ? null : parsed;
  }
  return pinnedMs ?? Date.now();
}
