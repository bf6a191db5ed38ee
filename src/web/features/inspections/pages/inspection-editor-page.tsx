import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { FormAlert } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { useRecordId } from '../../../lib/use-record-id';
import { InspectionEditor } from '../components/inspection-editor';

/** /dashboard/car/inspection/:carId: the report editor on a page of its own (tablet in the workshop). */
export default function InspectionEditorPage() {
  const { id, validId } = useRecordId('carId');
  return (
    <>
      <PageHeader
        title="Báo cáo kiểm định"
        description={id ? `Mã xe #${id}` : undefined}
        actions={
          <>
            <Link
              to={id ? `/dashboard/car/edit/${id}` : '/dashboard/carManagement'}
              className={buttonClass('secondary')}
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              Về hồ sơ xe
            </Link>
            {id ? (
              <Link to={`/cars/${id}#inspection`} target="_blank" className={buttonClass('ghost')}>
                <ExternalLink className="size-4" aria-hidden="true" />
                Xem trang khách
              </Link>
            ) : null}
          </>
        }
      />
      {id && validId ? <InspectionEditor carId={id} /> : <FormAlert>Mã xe không hợp lệ</FormAlert>}
    </>
  );
}
