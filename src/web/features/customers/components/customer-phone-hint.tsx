import type { CustomerSummary } from '@contract/customers';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useCustomerLookup } from '../api';

/**
 * While staff type a phone (a lead by hand, a deal, a merge), the customer it already belongs to, with
 * a link to the record and, when given, a button to use that customer.
 */
export function CustomerPhoneHint({
  phone,
  onUse,
  useLabel = 'Chọn khách hàng này',
}: {
  phone: string;
  onUse?: (customer: CustomerSummary) => void;
  useLabel?: string;
}) {
  const { data } = useCustomerLookup(phone);
  const c = data?.customer;
  if (!c) return null;
  return (
    <div
      className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200"
      role="status"
      data-testid="customer-phone-hint"
    >
      <UserRound className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Khách hàng đã có: <strong>{c.fullName}</strong> ({c.code}, {c.entries} mục)
      </span>
      <Link to={`/dashboard/customers/${c.customerId}`} className="font-medium underline underline-offset-2">
        Xem hồ sơ
      </Link>
      {onUse ? (
        <button
          type="button"
          onClick={() => onUse(c)}
          className="min-h-9 rounded-md bg-white px-3 font-medium text-sky-800 ring-1 ring-sky-300 hover:bg-sky-100"
        >
          {useLabel}
        </button>
      ) : null}
    </div>
  );
}
