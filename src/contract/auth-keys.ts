/** Where the web app keeps the login token (localStorage key, spec section 3). No zod: every page reads it. */
export const TOKEN_STORAGE_KEY = 'token';
