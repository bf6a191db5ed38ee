import { CAR_STATUS_LABELS, type CarAdminDetail } from '@contract/cars';
import { ExternalLink, HandCoins, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { STATUS_TONES } from '../status';

/** The car form's title and actions: record a sale, see the sale, open the public page. */
export function CarFormHeader({
  title,
  saved,
  back,
  onSell,
}: {
  title: string;
  saved: CarAdminDetail | undefined;
  back: ReactNode;
  onSell: (car: CarAdminDetail) => void;
}) {
  const sold = saved?.status === 'sold';
  return (
    <PageHeader
      title={title}
      description={
        saved ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            Mã xe #{saved.carId} · {saved.carName}
            <Badge tone={STATUS_TONES[saved.status]}>{CAR_STATUS_LABELS[saved.status]}</Badge>
          </span>
        ) : (
          'Nhập thông tin xe và tải ảnh lên; ảnh đầu tiên là ảnh bìa.'
        )
      }
      actions={
        <>
          {back}
          {saved && !sold ? (
            <Button variant="secondary" onClick={() => onSell(saved)}>
              <HandCoins className="size-4" aria-hidden="true" />
              Ghi nhận bán
            </Button>
          ) : null}
          {saved && sold ? (
            <Link to={`/dashboard/soldhistory?carId=${saved.carId}`} className={buttonClass('secondary')}>
              <Receipt className="size-4" aria-hidden="true" />
              Xem giao dịch
            </Link>
          ) : null}
          {saved ? (
            <a
              href={`/cars/${saved.carId}`}
              target="_blank"
              rel="noreferrer"
              className={buttonClass('ghost')}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              Xem trên trang
            </a>
          ) : null}
        </>
      }
    />
  );
}
