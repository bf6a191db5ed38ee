import type { CustomerSummary } from '@contract/customers';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormField, Input } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useCustomers, useMergeCustomer } from '../api';
import { CustomerPhoneHint } from './customer-phone-hint';

/**
 * "Gộp hồ sơ trùng": find the duplicate by phone, name or code, then merge it into this record (its
 * numbers, e-mails, notes and timeline move here; the merge is in the audit log).
 */
export function MergeDialog({
  customer,
  open,
  onClose,
}: {
  customer: { customerId: number; fullName: string; code: string };
  open: boolean;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<CustomerSummary | null>(null);
  const found = useCustomers({ page: 1, size: 5, search: search.trim() });
  const merge = useMergeCustomer(customer.customerId);
  const choices = search.trim()
    ? (found.data?.content ?? []).filter((c) => c.customerId !== customer.customerId)
    : [];
  const close = () => {
    setSearch('');
    setPicked(null);
    onClose();
  };
  return (
    <ModalDialog open={open} onClose={close} title="Gộp hồ sơ trùng" width="max-w-lg" testId="merge-dialog">
      <div className="space-y-4 px-4 py-4 sm:px-6">
        <p className="text-sm text-slate-600">
          Hồ sơ được chọn sẽ gộp vào <strong>{customer.fullName}</strong> ({customer.code}): số điện thoại,
          email, ghi chú và mọi hoạt động được giữ lại.
        </p>
        <FormField label="Tìm hồ sơ trùng (số điện thoại, tên hoặc mã KH)" htmlFor="merge-search">
          <Input
            id="merge-search"
            value={search}
            autoComplete="off"
            onChange={(e) => {
              setSearch(e.target.value);
              setPicked(null);
            }}
          />
        </FormField>
        <CustomerPhoneHint phone={search} />
        {choices.length ? (
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
            {choices.map((c) => (
              <li key={c.customerId}>
                <button
                  type="button"
                  aria-pressed={picked?.customerId === c.customerId}
                  onClick={() => setPicked(c)}
                  className={`flex min-h-11 w-full flex-col items-start px-3 py-2 text-left text-sm hover:bg-slate-50 ${
                    picked?.customerId === c.customerId ? 'bg-sky-50 ring-2 ring-sky-400' : ''
                  }`}
                >
                  <span className="font-medium text-slate-900">
                    {c.fullName} · {c.code}
                  </span>
                  <span className="text-xs text-slate-600">
                    {[c.phone, ...c.emails].filter(Boolean).join(' · ')} · {c.entries} mục
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : search.trim() && found.data ? (
          <p className="text-sm text-slate-500">Không tìm thấy hồ sơ nào khác.</p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close}>
            Hủy
          </Button>
          <Button
            type="button"
            variant="danger"
            disabled={!picked}
            loading={merge.isPending}
            onClick={() =>
              picked &&
              merge.mutate(
                { otherId: picked.customerId },
                {
                  onSuccess: () => {
                    toast.success(`Đã gộp ${picked.code} vào ${customer.code}`);
                    close();
                  },
                  onError: (err) => toast.error(errorMessage(err)),
                },
              )
            }
          >
            {picked ? `Gộp ${picked.code} vào hồ sơ này` : 'Chọn hồ sơ để gộp'}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
