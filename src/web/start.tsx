import { SSR_STATE_ID, type SsrState } from '@contract/ssr';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type HydrationState, RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { createAppRouter, loadCurrentRoutes } from './app/router';

/**
 * Starts the app (main.tsx loads this). A page the server rendered is hydrated from its state block;
 * any other page (dashboard, sign-in) is rendered here. `<html data-app="ready">` once the app runs:
 * the browser journeys wait for it before they click.
 */

function Ready() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

const root = document.getElementById('root')!;
const app = (router: ReturnType<typeof createAppRouter>) => (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <Ready />
    </Providers>
  </StrictMode>
);

function renderedState(): SsrState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}

const state = renderedState();
if (state) {
  hydrate(queryClient, state.queries as DehydratedState);
  loadCurrentRoutes().then(
    // A transition: hydration yields to the browser between components instead of one long task.
    () => startTransition(() => void hydrateRoot(root, app(createAppRouter(state.router as HydrationState)))),
    // A route's code failed to load: render from scratch, the router shows its own error.
    () => createRoot(root).render(app(createAppRouter())),
  );
} else {
  createRoot(root).render(app(createAppRouter()));
}
