import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
// The panel's styles before the app's: the features' own rules (panel-pages.tsx) come after them.
import './panel.css';
import { createPanelQueryClient, PanelApp } from './panel-app';

// The staff panel (docs/api.md#staff-panel): rendered in the browser only, under /panel.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/panel">
      <PanelApp client={createPanelQueryClient()} />
    </BrowserRouter>
  </StrictMode>,
);
