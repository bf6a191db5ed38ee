/** What the car pages (public and staff) use from papers and history. */
export { CarHistorySection } from './components/car-history-section';
export { OdometerFlag } from './components/odometer-flag';
export { PolicyBlock } from './components/policy-block';
export { CarRecordsTab } from './components/records-tab';
