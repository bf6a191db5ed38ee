/** Where the web app keeps the login token (localStorage key). No zod: every page reads it. */
export const TOKEN_STORAGE_KEY = 'token';
