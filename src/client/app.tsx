import { StrictMode, Suspense, lazy, useState, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useSearchParams } from 'react-router-dom';
import { prizes } from '#shared/campaign.ts';
import { COMPLAINT_PAGE_PATH } from '#shared/complaint/complaint-path.ts';
import { loadComplaintPage, loadStatementPage } from './features/statement/load-statement-page';
import { NavBar } from './components/nav-bar';
import { Footer } from './components/footer';
import { FloatingLink } from './components/floating-link';
import { ScrollToTop } from './components/scroll-to-top';
import { LandingPage } from './features/landing/landing-page';
import { PhaseBanner } from './features/notices/phase-banner';
import { NoticeModal } from './features/notices/notice-modal';
import { OptOutModal } from './features/optout/optout-modal';
import { VideoFacade } from './features/video/video-facade';
import { WinnersSection } from './features/winners/winners-section';
import { createWinnersLists, WinnersListsContext } from './features/winners/winners-data';
import { FaqSection } from './features/faq/faq-section';
// docs/performance.md#the-apps-script-after-the-first-paint: the statement pages' styles are in the site's
// one stylesheet (1 KB gzip), not loaded with their lazy code: a statement page from the server needs no
// second render-blocking request, and the landing page's script lists no stylesheet to load with that code.
import './features/statement/statement.css';

// The form engine loads only on statement routes, never with the landing page.
const statementPages = Object.fromEntries(
  prizes.tiers.map((tier) => [tier.id, lazy(() => loadStatementPage(tier.id))]),
);
// docs/decisions/complaints.md#form: the complaint form is one more page of the engine.
const ComplaintPage = lazy(loadComplaintPage);

const formPage = (page: ReactNode) => (
  <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{page}</Suspense>
);

function Layout() {
  return (
    <>
      <ScrollToTop />
      <NavBar />
      <main id="tresc">
        <Outlet />
      </main>
      <FloatingLink />
      <Footer />
    </>
  );
}

/** The home page: the landing layout filled with the features (which do not import each other). */
function HomePage({
  nowMs,
  noticeSeen,
  onNoticeSeen,
}: {
  nowMs: number;
  noticeSeen: boolean;
  onNoticeSeen: () => void;
}) {
  const [params] = useSearchParams();
  // One modal at a time: a notice waits until the e-mail opt-out offer is closed.
  const [optOutClosed, setOptOutClosed] = useState(() => !params.has('action'));
  return (
    <LandingPage
      banner={<PhaseBanner nowMs={nowMs} />}
      video={<VideoFacade />}
      winners={<WinnersSection />}
      faq={<FaqSection />}
      modals={
        <>
          <OptOutModal onClosed={() => setOptOutClosed(true)} />
          <NoticeModal nowMs={nowMs} enabled={optOutClosed && !noticeSeen} onDismissed={onNoticeSeen} />
        </>
      }
    />
  );
}

/** `nowMs`: the instant the page shows (phase banner, notice); the server's and the browser's agree (clock.ts). */
export function App({ nowMs }: { nowMs: number }) {
  // spec §2: the notice opens on load; once closed, coming back to the home page does not reopen it.
  const [noticeSeen, setNoticeSeen] = useState(false);
  const home = <HomePage nowMs={nowMs} noticeSeen={noticeSeen} onNoticeSeen={() => setNoticeSeen(true)} />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={home} />
        <Route path="/s" element={home} />
        {prizes.tiers.map((tier) => {
          const StatementPage = statementPages[tier.id]!;
          return <Route key={tier.id} path={tier.path} element={formPage(<StatementPage />)} />;
        })}
        <Route path={COMPLAINT_PAGE_PATH} element={formPage(<ComplaintPage />)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

/** The app with its providers, under the router each side gives: the browser's history or the server's path. */
export function AppRoot({ nowMs, router }: { nowMs: number; router: (app: ReactNode) => ReactNode }) {
  const [winnersLists] = useState(() => createWinnersLists());
  return (
    <StrictMode>
      <WinnersListsContext value={winnersLists}>{router(<App nowMs={nowMs} />)}</WinnersListsContext>
    </StrictMode>
  );
}
