import { z } from 'zod';
import { intField } from './cars';
import { positiveId, requiredText, text } from './common';
import { parseVnDate, vnDayKey } from './format';

/**
 * A car's papers and service history (GET /api/cars/{carId}/history and the staff calls beside it).
 * Previous owners and the plate's province stay on the car itself; they are repeated here read-only.
 */

// Vocabulary and labels live without zod (the public car page imports them); re-exported here.
export * from './car-records-labels';

import {
  FINE_RESULTS,
  LOAN_STATUSES,
  OWNER_TYPES,
  PAPERS_LABELS,
  SERVICE_RECORD_LABELS,
} from './car-records-labels';

const blank = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
const today = () => vnDayKey(new Date());

/** A calendar day typed dd/mm/yyyy or yyyy-mm-dd -> 'yyyy-mm-dd'; `past`: not after today. */
const day = (label: string, past: boolean) =>
  z
    .string({ message: `${label} không hợp lệ` })
    .transform((v, ctx) => {
      const date = parseVnDate(v);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ (dd/mm/yyyy)` });
        return z.NEVER;
      }
      return vnDayKey(date);
    })
    .refine((d) => !past || d <= today(), { message: `${label} không được ở tương lai` });

const optionalDay = (label: string, past: boolean) => z.preprocess(blank, day(label, past).nullable());
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blank, z.enum(values, { message: `${label} không hợp lệ` }).nullable());

/** PUT /api/cars/{carId}/papers: every field may be unknown (null or blank). */
export const carPapersInput = z.object({
  ownerType: optionalEnum(OWNER_TYPES, PAPERS_LABELS.ownerType),
  vatInvoice: z.preprocess(
    blank,
    z.boolean({ message: `${PAPERS_LABELS.vatInvoice} không hợp lệ` }).nullable(),
  ),
  registrationUntil: optionalDay(PAPERS_LABELS.registrationUntil, false),
  liabilityInsuranceUntil: optionalDay(PAPERS_LABELS.liabilityInsuranceUntil, false),
  bodyInsuranceUntil: optionalDay(PAPERS_LABELS.bodyInsuranceUntil, false),
  loanStatus: optionalEnum(LOAN_STATUSES, PAPERS_LABELS.loanStatus),
  fineCheckedOn: optionalDay(PAPERS_LABELS.fineCheckedOn, true),
  fineResult: optionalEnum(FINE_RESULTS, PAPERS_LABELS.fineResult),
  staffNote: z.preprocess((v) => v ?? '', text(PAPERS_LABELS.staffNote, 2000)),
});
export type CarPapersBody = z.input<typeof carPapersInput>;
export type CarPapersData = z.output<typeof carPapersInput>;

/** POST/PUT a service record; also one row of an import. */
export const serviceRecordInput = z.object({
  servicedOn: day(SERVICE_RECORD_LABELS.servicedOn, true),
  km: intField(SERVICE_RECORD_LABELS.km, 0, 2_000_000),
  work: requiredText(SERVICE_RECORD_LABELS.work, 500),
  place: z.preprocess((v) => v ?? '', text(SERVICE_RECORD_LABELS.place, 200)),
});
export type ServiceRecordBody = z.input<typeof serviceRecordInput>;
export type ServiceRecordData = z.output<typeof serviceRecordInput>;

export const MAX_IMPORTED_RECORDS = 200;

/** POST /api/cars/{carId}/service-records/import: a history brought in from elsewhere, stored as it is. */
export const serviceRecordImport = z.object({
  records: z
    .array(serviceRecordInput, { message: 'Danh sách bảo dưỡng không hợp lệ' })
    .min(1, { message: 'Danh sách bảo dưỡng đang trống' })
    .max(MAX_IMPORTED_RECORDS, { message: `Mỗi lần nhập tối đa ${MAX_IMPORTED_RECORDS} dòng` }),
});
export type ServiceRecordImportBody = z.input<typeof serviceRecordImport>;

export const serviceRecordParams = z.object({
  id: positiveId('Mã xe không hợp lệ'),
  recordId: positiveId('Mã bản ghi bảo dưỡng không hợp lệ'),
});

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

export const carPapersSchema = z.object({
  ownerType: z.enum(OWNER_TYPES).nullable(),
  vatInvoice: z.boolean().nullable(),
  /** yyyy-mm-dd, or null when unknown. */
  registrationUntil: z.string().nullable(),
  liabilityInsuranceUntil: z.string().nullable(),
  bodyInsuranceUntil: z.string().nullable(),
  loanStatus: z.enum(LOAN_STATUSES).nullable(),
  fineCheckedOn: z.string().nullable(),
  fineResult: z.enum(FINE_RESULTS).nullable(),
});
export type CarPapers = z.infer<typeof carPapersSchema>;

export const serviceRecordSchema = z.object({
  id: z.number(),
  /** yyyy-mm-dd */
  servicedOn: z.string(),
  km: z.number(),
  work: z.string(),
  place: z.string(),
  /** Brought in by an import (a brand's service history), not entered by staff. */
  imported: z.boolean(),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

/** GET /api/cars/{carId}/history: what a visitor may see; null where the records hold nothing. */
export const carHistorySchema = z.object({
  carId: z.number(),
  previousOwners: z.number(),
  licensePlateRegion: z.string().nullable(),
  papers: carPapersSchema,
  /** Newest first. */
  serviceRecords: z.array(serviceRecordSchema),
});
export type CarHistory = z.infer<typeof carHistorySchema>;

/** GET /api/cars/{carId}/history/staff: adds the staff note and the odometer flag. */
export const carHistoryStaffSchema = carHistorySchema.extend({
  staffNote: z.string(),
  /** rollbackWarning's words when the readings go backwards, else null. */
  odometerWarning: z.string().nullable(),
});
export type CarHistoryStaff = z.infer<typeof carHistoryStaffSchema>;

export const EMPTY_PAPERS: CarPapers = {
  ownerType: null,
  vatInvoice: null,
  registrationUntil: null,
  liabilityInsuranceUntil: null,
  bodyInsuranceUntil: null,
  loanStatus: null,
  fineCheckedOn: null,
  fineResult: null,
};

/**
 * The import box's text: a JSON list of records, or one record a line "dd/mm/yyyy;km;công việc;nơi làm"
 * (the separator may be ; or a tab, as a spreadsheet copies it). Answers the rows to send, or the
 * Vietnamese reason the text cannot be read, naming the line.
 */
export function parseServiceImportText(input: string): { records: ServiceRecordBody[] } | { error: string } {
  const source = input.trim();
  if (!source) return { error: 'Vui lòng dán lịch sử bảo dưỡng' };
  if (source.startsWith('[') || source.startsWith('{')) {
    try {
      const parsed = JSON.parse(source) as unknown;
      const list = Array.isArray(parsed) ? parsed : (parsed as { records?: unknown }).records;
      if (!Array.isArray(list)) return { error: 'JSON phải là một danh sách bản ghi' };
      return { records: list as ServiceRecordBody[] };
    } catch {
      return { error: 'JSON không hợp lệ' };
    }
  }
  const records: ServiceRecordBody[] = [];
  const lines = source.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const cells = line.split(/[;\t]/).map((c) => c.trim());
    if (cells.length < 3) return { error: `Dòng ${i + 1}: cần "dd/mm/yyyy;km;công việc;nơi làm"` };
    const [servicedOn, km, work, ...place] = cells;
    records.push({ servicedOn, km, work, place: place.join('; ') });
  }
  return { records };
}
