/**
 * What other features and the app may use from the inspection reports: the staff editor (the car form's
 * "Kiểm định" tab mounts it) and, through ./public, the visitor's summary, badges, report and markers.
 * Public pages import ./public directly, so the editor stays out of their chunks.
 */
export { InspectionEditor } from './components/inspection-editor';
export * from './public';
