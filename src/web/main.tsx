/** Entry point of the web app: resolves a hash-style address, loads the texts of the language, renders. */
import './app/resolve-hash-address';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/i18n';
import './styles.css';
import { App } from './app/app';

void initI18n().then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
