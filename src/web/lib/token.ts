import { TOKEN_STORAGE_KEY } from '@contract/auth-keys';

/** The login token lives in localStorage under `token` as {"jwt": "..."}. */
export function getToken(): string | null {
  try {
    const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { jwt?: unknown };
    return typeof parsed.jwt === 'string' && parsed.jwt ? parsed.jwt : null;
  } catch {
    return null;
  }
}

export function setToken(jwt: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ jwt }));
}

/** Logged out means no token stored; the spec's client also drops a `token` cookie. */
export function clearToken() {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  // biome-ignore lint/suspicious/noDocumentCookie: removing the legacy cookie the spec names
  document.cookie = 'token=; Max-Age=0; path=/';
}
