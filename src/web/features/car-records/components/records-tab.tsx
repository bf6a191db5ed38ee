import { FormAlert } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useStaffHistory } from '../api';
import { PapersForm } from './papers-form';
import { ServiceImportBox } from './service-import-box';
import { ServiceRecordsEditor } from './service-records-editor';

function Card({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The car form's "Giấy tờ & lịch sử" tab: papers, service records, import. Each saves on its own. */
export function CarRecordsTab({ carId }: { carId: number }) {
  const view = useStaffHistory(carId);
  if (view.isError) return <FormAlert>{errorMessage(view.error)}</FormAlert>;
  if (!view.data)
    return (
      <div className="rounded-xl bg-white p-6 ring-1 ring-slate-200" aria-busy="true">
        <SkeletonText lines={6} />
      </div>
    );
  return (
    <div className="space-y-5">
      <Card title="Giấy tờ xe">
        <PapersForm
          key={JSON.stringify([view.data.papers, view.data.staffNote])}
          carId={carId}
          view={view.data}
        />
      </Card>
      <Card
        title="Lịch sử bảo dưỡng"
        description="Số km phải tăng theo thời gian: một số km thấp hơn lần ghi trước sẽ bị từ chối."
      >
        <ServiceRecordsEditor carId={carId} view={view.data} />
      </Card>
      <Card title="Nhập lịch sử từ hãng hoặc garage">
        <ServiceImportBox carId={carId} />
      </Card>
    </div>
  );
}
