import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/i18n';
import { loadConfig } from '../shared/config';
import { App } from './App';

void loadConfig();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
