import type { CarDetail } from '@contract/cars';
import { vnDayKey } from '@contract/format';
import type { InspectionMarker, InspectionReport, TemplateItem } from '@contract/inspections';
import {
  deriveInspection,
  INSPECTION_GROUP_LABELS,
  INSPECTION_GROUPS,
  summaryLine,
} from '@contract/inspections-labels';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { DateInput } from '../../../components/date-input';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { Spinner } from '../../../components/spinner';
import { api, errorMessage } from '../../../lib/api-client';
import { uploadInspectionPhoto, useInspection, useSaveInspection, useTemplate } from '../api';
import { INSPECTION_LIMITS } from '../limits';
import { EditorItem, type ItemState } from './editor-item';
import { MarkerPlacer } from './marker-placer';
import { PledgeBadges } from './pledge-badges';

type EditorRow = Pick<TemplateItem, 'itemId' | 'group' | 'label' | 'position' | 'pledges' | 'retired'>;

/** The active template, plus the retired items this report already holds (they stay in it). */
function rowsOf(template: TemplateItem[], report: InspectionReport | null): EditorRow[] {
  const active = template.filter((i) => !i.retired);
  const ids = new Set(active.map((i) => i.itemId));
  const kept = (report?.results ?? [])
    .filter((r) => !ids.has(r.itemId) && r.result !== null)
    .map((r) => ({ ...r, retired: true }));
  return [...active, ...kept];
}

function errorsText(err: unknown): string {
  const data = (err as { data?: { errors?: Record<string, string> } }).data;
  const list = data?.errors ? Object.values(data.errors) : [];
  return [errorMessage(err), ...list.filter((m) => m !== errorMessage(err))].join(' · ');
}

function EditorForm({
  carId,
  rows,
  report,
  photos,
}: {
  carId: number;
  rows: EditorRow[];
  report: InspectionReport | null;
  photos: CarDetail['photos'];
}) {
  const save = useSaveInspection(carId);
  const [inspectorName, setInspector] = useState(report?.inspectorName ?? '');
  const [inspectedOn, setInspectedOn] = useState(report?.inspectedAt ?? vnDayKey(new Date()));
  const [odometerKm, setOdometer] = useState<number | null>(report?.odometerKm ?? null);
  const [conclusion, setConclusion] = useState(report?.conclusion ?? '');
  const [staffNote, setStaffNote] = useState(report?.staffNote ?? '');
  const [markers, setMarkers] = useState<InspectionMarker[]>(report?.markers ?? []);
  const [items, setItems] = useState<Record<number, ItemState>>(() =>
    Object.fromEntries(
      (report?.results ?? []).map((r) => [r.itemId, { result: r.result, note: r.note, photo: r.photo }]),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const state = (id: number): ItemState => items[id] ?? { result: null, note: '', photo: null };
  const results = rows.map((r) => ({ itemId: r.itemId, result: state(r.itemId).result }));
  const preview = deriveInspection({ inspectedAt: inspectedOn, results }, rows);
  const checked = results.filter((r) => r.result).length;

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        inspectorName,
        inspectedOn,
        odometerKm: odometerKm ?? '',
        conclusion,
        staffNote,
        markers,
        results: rows.flatMap((r) => {
          const s = state(r.itemId);
          return s.result
            ? [{ itemId: r.itemId, result: s.result, note: s.note, photoId: s.photo?.photoId ?? null }]
            : [];
        }),
      });
      toast.success('Đã lưu báo cáo kiểm định');
    } catch (err) {
      setError(errorsText(err));
      toast.error(errorMessage(err));
    }
  };

  return (
    <div className="space-y-6 pb-24">
      <section className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-3 sm:p-6">
        <FormField label="Người kiểm định" htmlFor="insp-name" required>
          <Input
            id="insp-name"
            value={inspectorName}
            maxLength={INSPECTION_LIMITS.inspectorName}
            onChange={(e) => setInspector(e.target.value)}
          />
        </FormField>
        <FormField label="Ngày kiểm định" htmlFor="insp-date" required>
          <DateInput
            id="insp-date"
            value={inspectedOn}
            onChange={setInspectedOn}
            max={vnDayKey(new Date())}
          />
        </FormField>
        <FormField label="Số km lúc kiểm định" htmlFor="insp-odo" required>
          <NumberInput id="insp-odo" value={odometerKm} onChange={setOdometer} suffix="km" />
        </FormField>
        <FormField label="Kết luận" htmlFor="insp-conclusion" className="sm:col-span-3">
          <CountedTextarea
            id="insp-conclusion"
            value={conclusion}
            maxLength={INSPECTION_LIMITS.conclusion}
            onChange={(e) => setConclusion(e.target.value)}
          />
        </FormField>
        <FormField
          label="Ghi chú nội bộ"
          htmlFor="insp-staff-note"
          hint="Chỉ nhân viên xem được, không hiện cho khách"
          className="sm:col-span-3"
        >
          <CountedTextarea
            id="insp-staff-note"
            value={staffNote}
            maxLength={INSPECTION_LIMITS.staffNote}
            onChange={(e) => setStaffNote(e.target.value)}
          />
        </FormField>
      </section>

      {INSPECTION_GROUPS.map((g, gi) => {
        const list = rows.filter((r) => r.group === g).sort((a, b) => a.position - b.position);
        if (list.length === 0) return null;
        const done = list.filter((r) => state(r.itemId).result).length;
        return (
          <details key={g} open={gi === 0} className="rounded-2xl bg-white ring-1 ring-slate-200">
            <summary className="flex min-h-14 cursor-pointer items-center justify-between gap-3 px-4 font-semibold text-slate-900 sm:px-6">
              {INSPECTION_GROUP_LABELS[g]}
              <span className="text-sm font-normal text-slate-600 tabular-nums">
                {done}/{list.length} đã kiểm tra
              </span>
            </summary>
            <div className="border-t border-slate-100 px-4 sm:px-6">
              <Button
                variant="ghost"
                className="mt-3 min-h-11 ring-1 ring-slate-300"
                onClick={() =>
                  setItems((prev) => {
                    const next = { ...prev };
                    for (const r of list)
                      if (!next[r.itemId]?.result) next[r.itemId] = { ...state(r.itemId), result: 'PASS' };
                    return next;
                  })
                }
              >
                Đánh dấu các mục còn lại là Đạt
              </Button>
              <ul className="divide-y divide-slate-100">
                {list.map((r) => (
                  <EditorItem
                    key={r.itemId}
                    itemId={r.itemId}
                    label={r.label}
                    pledges={r.pledges}
                    retired={r.retired}
                    state={state(r.itemId)}
                    onChange={(next) => setItems((prev) => ({ ...prev, [r.itemId]: next }))}
                    onPhoto={(file) => uploadInspectionPhoto(carId, file)}
                  />
                ))}
              </ul>
            </div>
          </details>
        );
      })}

      <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Điểm đánh dấu trên ảnh xe</h2>
        <MarkerPlacer photos={photos} markers={markers} onChange={setMarkers} />
      </section>

      <FormAlert>{error}</FormAlert>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <div className="min-w-0 text-sm text-slate-700" aria-live="polite">
          <p className="font-medium tabular-nums">
            {checked}/{rows.length} đã kiểm tra
            <span className="hidden sm:inline"> · {summaryLine(preview)}</span>
          </p>
          <PledgeBadges summary={preview} className="mt-1 hidden sm:flex" />
        </div>
        <Button className="min-h-12 px-6 text-base" loading={save.isPending} onClick={submit}>
          Lưu báo cáo
        </Button>
      </div>
    </div>
  );
}

/** The staff editor of one car's inspection report (the car form's "Kiểm định" tab mounts it). */
export function InspectionEditor({ carId }: { carId: number }) {
  const template = useTemplate();
  const report = useInspection(carId, { staff: true });
  const car = useQuery({
    queryKey: ['cars', 'detail', carId],
    queryFn: ({ signal }) => api<CarDetail>(`cars/${carId}`, { signal }),
  });
  if (template.isError || report.isError || car.isError)
    return <FormAlert>{errorMessage(template.error ?? report.error ?? car.error)}</FormAlert>;
  if (!template.data || report.data === undefined || !car.data)
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  return (
    <EditorForm
      key={report.data?.updatedAt ?? 'new'}
      carId={carId}
      rows={rowsOf(template.data.items, report.data)}
      report={report.data}
      photos={car.data.photos}
    />
  );
}
