/**
 * What other features and the layout may use of the favourites: the heart on every car card and car
 * page, and the header's link with its count. Both are small and carry no API client.
 */
export { FavoritesLink } from './favorites-link';
export { HeartButton } from './heart-button';
