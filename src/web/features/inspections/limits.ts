import {
  inspectionInput,
  inspectionMarkerInput,
  inspectionResultInput,
  templateItemInput,
} from '@contract/inspections';
import { maxLengths } from '@contract/limits';

/** The longest text of each field of a report and of the template, from the contract the server checks. */
export const INSPECTION_LIMITS: Record<string, number | undefined> = {
  ...maxLengths(inspectionInput),
  itemNote: maxLengths(inspectionResultInput).note,
  markerLabel: maxLengths(inspectionMarkerInput).label,
  itemLabel: maxLengths(templateItemInput).label,
};
