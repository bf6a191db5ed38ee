/** Cars a favourites list holds (the browser's, and a shared link's). */
export const FAVORITES_MAX = 50;
