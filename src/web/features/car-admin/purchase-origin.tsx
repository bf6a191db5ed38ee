import type { CarData } from '@contract/cars';
import { formatPrice } from '@contract/format';
import type { PurchaseCarDraft } from '@contract/leads';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { api } from '../../lib/api-client';
import { type CarFormValues, EMPTY_CAR } from './form-schema';

/** GET purchases/admin/{id}/car-draft: the bought car's starting values (only while the lead is offered). */
export function usePurchaseDraft(leadId: number | null) {
  return useQuery({
    queryKey: ['purchase-draft', leadId],
    queryFn: () => api<PurchaseCarDraft>(`purchases/admin/${leadId}/car-draft`, { auth: true }),
    enabled: leadId !== null,
    retry: false,
  });
}

/** POST purchases/admin/{id}/buy: the car enters stock with the seller's photos and the lead becomes "Đã mua". */
export function useBuyCar(leadId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { car: CarData; files: File[]; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      form.append('car', JSON.stringify(v.car));
      for (const f of v.files) form.append('images', f, f.name);
      return api<{ carId: number; carName: string }>(`purchases/admin/${leadId}/buy`, {
        method: 'POST',
        auth: true,
        body: form,
        onUploadProgress: v.onProgress,
      });
    },
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** The car form's values for a bought car: what the seller told, the rest left to staff. */
export function draftValues(d: PurchaseCarDraft): CarFormValues {
  return {
    ...EMPTY_CAR,
    carName: [d.brand, d.model, d.version].filter(Boolean).join(' '),
    brand: d.brand,
    model: d.model,
    version: d.version,
    year: String(d.year),
    odo: d.odo,
    transmission: d.transmission ?? '',
    fuel: d.fuel ?? '',
    previousOwners: d.previousOwners ?? 1,
  };
}

/** Above the form: where the car comes from, what was paid, and the seller's photos it will carry. */
export function PurchaseOriginBanner({ draft }: { draft: PurchaseCarDraft }) {
  return (
    <section
      aria-label="Xe thu mua từ khách"
      className="space-y-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200"
    >
      <p className="flex items-start gap-2">
        <HandCoins className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Nhập kho xe thu mua từ yêu cầu <strong>{draft.reference}</strong>, giá nhập{' '}
          <strong>{formatPrice(draft.purchasePrice)}</strong>. Khi lưu, yêu cầu chuyển sang "Đã mua"
          {draft.photos.length
            ? ` và ${draft.photos.length} ảnh của người bán được đưa vào đầu danh sách ảnh xe`
            : ''}
          .
        </span>
      </p>
      {draft.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Ảnh của người bán">
          {draft.photos.map((p, i) => (
            <li key={p.photoId}>
              <img
                src={p.image.urls[480]}
                alt={`Ảnh người bán ${i + 1}`}
                className="h-16 w-24 rounded object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
