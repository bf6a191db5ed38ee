/**
 * What the public car page uses from papers and history: the section below the fold and the warranty
 * block. The staff tab (./index) stays out of visitors' chunks.
 */
export { CarHistorySection } from './components/car-history-section';
export { PolicyBlock } from './components/policy-block';
