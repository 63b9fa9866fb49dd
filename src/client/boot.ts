// docs/performance.md#the-apps-script-after-the-first-paint: the page arrives rendered by the server; the
// app's script is fetched only once that page has painted, so on a slow phone network its download does not
// hold the first screen back (Lighthouse counts every script requested before a paint into that paint's
// time). The build names the entry in <meta name="app-entry"> (scripts/after-paint-plugin.ts); a statement
// page names the modules its form needs in <meta name="app-preload"> (src/server/pages/page-html.ts), fetched
// alongside. An external file, not an inline script: the Content-Security-Policy allows none. Kept small: it
// is part of every page's JavaScript.
const meta = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ') ?? [];

// The first contentful paint as the browser reports it; without a report (an old browser, a tab not shown
// yet), after PAINT_WAIT_MS.
const PAINT_WAIT_MS = 3000;
const painted = new Promise((resolve) => {
  setTimeout(resolve, PAINT_WAIT_MS);
  new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) resolve(0);
  }).observe({ type: 'paint', buffered: true });
});
// The page's images in (the hero is the landing page's largest paint).
const loaded = new Promise((resolve) =>
  document.readyState === 'complete' ? resolve(0) : addEventListener('load', resolve),
);

// docs/decisions/landing.md#early-taps: a tap on a button before the app has taken the page over (the menu's
// ☰ on a phone) would do nothing: React listens only once the entry has run. Such taps are kept, the app is
// fetched at once, and they are given again once the entry has run; React then hydrates what each needs first.
const earlyTaps: HTMLButtonElement[] = [];
const keepTap = (event: MouseEvent) => {
  const button = (event.target as Element | null)?.closest?.('button');
  if (button && !button.disabled && document.getElementById('root')?.contains(button)) {
    earlyTaps.push(button);
    void start();
  }
};
addEventListener('click', keepTap, true);

let started: Promise<void> | undefined;
// The modules: the statement form's (which import the entry too) and the entry, all fetched at once.
const start = () =>
  (started ??= Promise.all(
    [...meta('app-preload'), ...meta('app-entry')].map((url) => import(/* @vite-ignore */ url)),
  ).then(() => {
    removeEventListener('click', keepTap, true);
    for (const button of earlyTaps.splice(0)) button.click();
  }));

// One frame for the images to show, then the app.
void Promise.all([painted, loaded]).then(() => requestAnimationFrame(() => setTimeout(() => void start())));
