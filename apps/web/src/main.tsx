import './app/zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

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
