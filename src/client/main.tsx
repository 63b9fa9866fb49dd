import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoot } from './app';
import { campaignNow } from './lib/clock';
import { reportError } from './lib/report-error';
import './styles.css';

// spec §7: errors nothing caught (React's uncaught render errors among them) reach the operator.
window.addEventListener('error', (event) => reportError('unhandled', event.message));
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  reportError('unhandled', reason instanceof Error ? reason.message : String(reason));
});

const app = <AppRoot nowMs={campaignNow()} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
const container = document.getElementById('root')!;
// docs/performance.md#rendering-on-the-server: the server sends the page rendered (entry-server.tsx); Vite's
// dev server sends it empty. The page already shows: hydrating it as a transition lets React do it in short
// slices between the browser's own work, instead of one long task a tap would wait behind.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
