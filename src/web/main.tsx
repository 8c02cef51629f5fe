/**
 * Entry point of the web app: resolves a hash-style address, starts the first screen's code and the
 * session check, loads the texts of the language meanwhile, renders.
 */
import './app/resolve-hash-address';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/i18n';
import './styles.css';
import { App, startApp, type AppRouter } from './app/app';

const texts = initI18n();
// In a task of its own: the browser gets a breath between evaluating the code and making the router.
const router = new Promise<AppRouter>((resolve) => setTimeout(() => resolve(startApp())));
void Promise.all([router, texts]).then(([router]) => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // The first render as a transition: React works in slices and yields to the browser between them, so
  // a phone never meets one long task while the page appears (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
});
