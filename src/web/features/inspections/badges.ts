/**
 * The pledges and the "Đã kiểm định" tag for car cards: lists import only these, so a list page pulls
 * neither the report nor its data hooks.
 */
export { CardPledges, InspectedTag, InspectionSummaryBox, PledgeBadges } from './components/pledge-badges';
