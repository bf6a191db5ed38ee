/**
 * What other features (home, compare) may use from the public inventory; everything else in this
 * folder is internal.
 */
export { CARS_KEY, carFiltersQuery, type HomepageKind, useHomepageCars } from './api';
export { handOffToChat } from './chat-handoff';
export { CarCard, CarCardSkeleton } from './components/car-card';
export { CarImage } from './components/car-image';
export { CarRow } from './components/car-row';
export { specRows } from './components/car-specs';
export { typedSearchUrl } from './typed-search';
