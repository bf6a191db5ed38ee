/**
 * What the public car page uses from papers and history: the section below the fold and the warranty
 * block. The staff tab (./index) stays out of visitors' chunks.
 */

/** The papers' dates the car page's on-road cost reads (same cached answer as the section). */
export { useCarHistory } from './api';
export { CarHistorySection } from './components/car-history-section';
export { PolicyBlock } from './components/policy-block';
