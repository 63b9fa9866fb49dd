import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createPanelQueryClient, PanelApp } from './panel-app';
import './panel.css';

// The staff panel (docs/api.md#staff-panel): rendered in the browser only, under /panel.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/panel">
      <PanelApp client={createPanelQueryClient()} />
    </BrowserRouter>
  </StrictMode>,
);
