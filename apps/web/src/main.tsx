import './app/zodJitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterFirstPaint, holdUntilFirstPaint } from './app/firstPaint';
import { preloadRoute } from './app/router';
import { store } from './app/store';
import { detectLocale } from './i18n/state';
import { warmDateFormats } from './ui/format';

const found = document.getElementById('root');
if (found === null) throw new Error('The page has no #root element.');
const root: HTMLElement = found;

holdUntilFirstPaint();
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A public first screen comes drawn in the HTML (decision 0050: scripts/prerender.mjs), as a visitor without a
 * session sees it in English, its forms inert until the app has it. When that is what this visitor sees too, the
 * app takes the drawn page over (hydration: nothing drawn again); otherwise (a stored session, another language,
 * another path) the app draws the page itself, as on every other path.
 */
function start() {
  const drawn = root.dataset.prerendered;
  const here = location.pathname.replace(/\/+$/, '') || '/';
  // Both as transitions, so React draws in slices and yields to the browser between them (the phone's main
  // thread is never held long: decision 0052).
  if (drawn === here && store.getState().auth.auth === null && detectLocale() === 'en') {
    startTransition(() => {
      hydrateRoot(root, app, {
        // A difference React repairs by drawing that part again: said in the console, never an error for the page.
        onRecoverableError: (error) => console.warn('The page drawn at build time was drawn again:', error),
      });
    });
  } else {
    root.replaceChildren();
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

// The opened page's code (its frame and page, which its HTML preloads) is loaded before the first render, so the
// page is drawn at once instead of after a spinner React would keep at least 300 ms; never more than 2 s waited.
void Promise.race([
  preloadRoute(location.pathname),
  new Promise((resolve) => setTimeout(resolve, 2000)),
]).then(start);

// While a signed-in page waits for its answers, after it is drawn: the date formats its answers will need (the
// public first screens show no dates).
if (store.getState().auth.auth !== null) void afterFirstPaint().then(() => setTimeout(warmDateFormats, 0));

// The installable app's service worker (public/sw.js, decision 0040), in production builds only: in
// development it would keep serving files the dev server has changed. Registered once the page has loaded,
// so its downloads do not compete with the page's own. A browser that refuses it still runs the app.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The offline page is not available:', error);
    });
  });
}
