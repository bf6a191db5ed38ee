import type { SsrFetch, SsrResult } from '@contract/ssr';
import { dehydrate, type Query, QueryClient, skipToken } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { publicBranch, rootRoute } from '../app/public-branch';
import { setTransport } from '../lib/api-client';

/**
 * The server's render of a public page (built by `npm run build` into WEB_DIR/.ssr; the server's
 * modules/seo/page-renderer.ts calls it). The pages read their data with TanStack Query hooks, not route
 * loaders, so the page is rendered until it asks for nothing new: each pass collects the queries the
 * render created, fetches them from the application in-process, and renders again with the answers.
 * The browser hydrates from the same answers (the state block), so its first render matches this HTML.
 */

/** Renders after the first: a page whose queries depend on other queries needs one per level. */
const MAX_DATA_PASSES = 3;

function wantsData(query: Query, tried: Set<string>): boolean {
  if (tried.has(query.queryHash)) return false;
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  if (query.options.queryFn === skipToken) return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

/** The root and the public site only: no dashboard code in the server's bundle. */
const routes = [{ ...rootRoute, children: [publicBranch] }];

export async function render(url: string, fetchApi: SsrFetch): Promise<SsrResult | null> {
  // Reads only: a page never writes while it is being rendered.
  setTransport((address, init) =>
    (init.method ?? 'GET') === 'GET' ? fetchApi(address) : Promise.reject(new Error('read-only')),
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const page = () =>
    renderToString(
      <StrictMode>
        <Providers client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );

  const cache = client.getQueryCache();
  const tried = new Set<string>();
  let html = page();
  for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
    const waiting = cache.getAll().filter((q) => wantsData(q, tried));
    if (waiting.length === 0) break;
    for (const q of waiting) tried.add(q.queryHash);
    await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
    html = page();
  }
  // A failed answer is not sent: the browser starts that part from its loading state and asks again,
  // so the HTML shows the loading state too.
  const unanswered = cache.getAll().filter((q) => q.state.status !== 'success');
  if (unanswered.length > 0) {
    for (const q of unanswered) cache.remove(q);
    html = page();
  }
  return {
    html,
    state: {
      queries: dehydrate(client),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    },
  };
}
