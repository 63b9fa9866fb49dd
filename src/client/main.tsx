import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app';
import { reportError } from './lib/report-error';
import './styles.css';

// spec §7: errors nothing caught (React's uncaught render errors among them) reach the operator.
window.addEventListener('error', (event) => reportError('unhandled', event.message));
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  reportError('unhandled', reason instanceof Error ? reason.message : String(reason));
});

// TanStack Query's defaults are the spec's (§7): 3 retries, exponential delay capped at 30 s.
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
