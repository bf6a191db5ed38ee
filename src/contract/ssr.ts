/**
 * Server rendering of the public pages: what the server's page renderer and the web app agree on.
 * The server loads the web app's server bundle (WEB_DIR/.ssr/entry-server.js, built by `npm run build`),
 * calls its `render`, puts the HTML into `<div id="root">` and the state into a JSON block the browser
 * hydrates from. Nothing here is executable in the page: the state block is `type="application/json"`,
 * which the Content-Security-Policy allows without 'unsafe-inline'.
 */

/** id of the `<script type="application/json">` holding the rendered page's state. */
export const SSR_STATE_ID = 'ssr-state';

/** What the page was rendered from: the query cache (TanStack dehydrated) and React Router's data. */
export interface SsrState {
  queries: unknown;
  router: unknown;
}

export interface SsrResult {
  html: string;
  state: SsrState;
}

/** A GET of the application's own /api, answered in-process. */
export type SsrFetch = (url: string) => Promise<Response>;

export interface SsrModule {
  /** `url` is the page's path and query; null when the page cannot be rendered (the app then renders it). */
  render(url: string, fetchApi: SsrFetch): Promise<SsrResult | null>;
}
