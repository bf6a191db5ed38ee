/**
 * What the public pages use (car page, cards): kept apart from index.ts so a visitor's page never pulls
 * the staff editor into its chunks.
 */
export { useDefectMarkers } from './components/defect-markers';
export { InspectionReportSection } from './components/inspection-section';
export { CardPledges, InspectedTag, InspectionSummaryBox, PledgeBadges } from './components/pledge-badges';
