/**
 * Where to go once signed in: the dashboard page that sent the visitor to /login (kept in the router's
 * state), or /dashboard. Only a dashboard path is followed, never another site or a public page.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/dashboard(?:[/?#]|$)/.test(from) ? from : '/dashboard';
}
