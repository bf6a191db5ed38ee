import { SSR_STATE_ID } from '@contract/ssr';
import { captureVisitLanding } from './lib/visit-landing';
import './styles.css';

// Before anything else: a link followed before the app starts would lose the landing page's address.
captureVisitLanding();

/**
 * The page's only script at first. A page the server rendered is already readable: the app (React, the
 * router, the page's code) is fetched and hydrated once the page has loaded, so the text and the first
 * picture are not competing with it for the phone's connection and processor. The visitor's first tap,
 * key or focus starts it at once, and it never waits more than START_LATEST_MS. Links work before that:
 * they are ordinary links to server-rendered pages. Other pages (dashboard, sign-in) start at once.
 */
const START_LATEST_MS = 3000;
const start = () => import('./start');

/**
 * React DOM is the largest piece of the app to evaluate: on a rendered page it runs as its own task,
 * then the browser gets a turn (a tap, a frame) before the rest of the app, so neither is one long block
 * on a phone's processor.
 */
async function startInSteps() {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await start();
}

if (document.getElementById(SSR_STATE_ID)) {
  let started = false;
  const events = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
  const go = () => {
    if (started) return;
    started = true;
    for (const e of events) window.removeEventListener(e, go, { capture: true });
    void startInSteps();
  };
  for (const e of events) window.addEventListener(e, go, { capture: true, passive: true });
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', () => setTimeout(go, 0), { once: true });
  setTimeout(go, START_LATEST_MS);
} else {
  void start();
}
