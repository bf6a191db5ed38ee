import type { InspectionGroup, Pledge } from '../../../contract/inspections-labels';
import { ENGINE, EXTERIOR, INTERIOR } from './template-body';
import { ELECTRICAL, PAPERS, ROAD_TEST, UNDERCARRIAGE } from './template-chassis';

const CODES: Record<string, Pledge> = { C: 'NO_CRASH', F: 'NO_FLOOD', O: 'NO_ODO_ROLLBACK' };

export interface DefaultItem {
  group: InspectionGroup;
  label: string;
  position: number;
  pledges: Pledge[];
}

const GROUPS: [InspectionGroup, string[]][] = [
  ['EXTERIOR', EXTERIOR],
  ['INTERIOR', INTERIOR],
  ['ENGINE', ENGINE],
  ['UNDERCARRIAGE', UNDERCARRIAGE],
  ['ELECTRICAL', ELECTRICAL],
  ['ROAD_TEST', ROAD_TEST],
  ['PAPERS', PAPERS],
];

/** The 176 items a new showroom starts with ("kiểm định 176 hạng mục"); staff edit them afterwards. */
export const DEFAULT_TEMPLATE: DefaultItem[] = GROUPS.flatMap(([group, lines]) =>
  lines.map((line, position) => {
    const m = /^([CFO]+):(.*)$/.exec(line);
    const codes = m ? m[1].split('') : [];
    return { group, label: m ? m[2] : line, position, pledges: codes.map((c) => CODES[c]) };
  }),
);
