/** Entry point of the web app: resolves a hash-style address, loads the texts of the language, renders. */
import './app/resolve-hash-address';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/i18n';
import './styles.css';
import { App } from './app/app';

void initI18n().then(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // The first render as a transition: React works in slices and yields to the browser between them, so
  // a phone never meets one long task while the page appears (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
