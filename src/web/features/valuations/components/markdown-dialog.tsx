import { belowTrueCost } from '@contract/car-cost-ledger';
import { formatPrice } from '@contract/format';
import type { StockAgeingRow } from '@contract/valuations';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { errorMessage } from '../../../lib/api-client';
import { PriceAgainstCost } from '../../car-costs';
import { useReprice } from '../api';

/**
 * Applies a new price to a car of the stock-ageing list in one action: the suggested price is filled in
 * and can be changed; the change is kept in the car's price history and the audit log.
 */
export function MarkdownDialog({
  row,
  trueCost,
  onClose,
}: {
  row: StockAgeingRow | null;
  /** The car's true cost: a price below it is shown in red and applied only as "bán lỗ". */
  trueCost: number | null;
  onClose: () => void;
}) {
  const reprice = useReprice();
  const [price, setPrice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (row) {
      setPrice(row.suggestedPrice ?? row.sellPrice);
      setError(null);
    }
  }, [row]);

  const below = belowTrueCost(price, trueCost);

  const confirm = () => {
    if (!row) return;
    if (!price || price < 1_000_000) return setError('Vui lòng nhập giá bán mới');
    reprice.mutate(
      { carId: row.carId, sellPrice: price },
      {
        onSuccess: () => {
          toast.success(`Đã đổi giá ${row.carName} thành ${formatPrice(price)}`);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <ConfirmDialog
      open={row !== null}
      tone={below ? 'danger' : 'primary'}
      title={row ? `Đổi giá ${row.carName}` : ''}
      confirmLabel={below ? 'Vẫn áp dụng (bán lỗ)' : 'Áp dụng giá mới'}
      loading={reprice.isPending}
      onConfirm={confirm}
      onCancel={onClose}
      message={
        row ? (
          <div className="space-y-3">
            <p>
              Giá hiện tại {formatPrice(row.sellPrice)}
              {row.estimate ? `, ước tính thị trường ${formatPrice(row.estimate)}` : ''}, {row.daysOnLot} ngày
              trong kho.
            </p>
            <FormField
              label="Giá bán mới"
              htmlFor="markdown-price"
              error={error ?? undefined}
              hint={price ? `Hiển thị: ${formatPrice(price)} · ghi vào lịch sử giá của xe` : undefined}
            >
              <NumberInput
                id="markdown-price"
                value={price}
                onChange={(v) => {
                  setPrice(v);
                  setError(null);
                }}
                suffix="VNĐ"
              />
            </FormField>
            <PriceAgainstCost trueCost={trueCost} price={price} />
          </div>
        ) : null
      }
    />
  );
}
