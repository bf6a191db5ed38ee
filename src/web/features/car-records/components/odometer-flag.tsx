import { AlertTriangle } from 'lucide-react';
import { useStaffHistory } from '../api';

/** The staff warning on top of the car form, in every tab, when the car's odometer history goes backwards. */
export function OdometerFlag({ carId }: { carId: number | null }) {
  const view = useStaffHistory(carId);
  const warning = view.data?.odometerWarning;
  if (!warning) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Lịch sử km bị lùi.</strong>{' '}
        {warning.replace(/^Lịch sử km bị lùi: /, '')}. Kiểm tra lại trước khi cam kết "không tua ODO".
      </p>
    </div>
  );
}
