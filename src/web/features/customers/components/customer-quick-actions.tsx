import { PhoneCall, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { useCustomerLookup } from '../api';
import { CallDialog } from './call-dialog';
import { ZaloButton } from './zalo-button';

/**
 * On a lead: its customer (found by the lead's phone) with a link to their one timeline, "Gửi Zalo" and
 * "Ghi cuộc gọi", both counted as the lead's first response.
 */
export function CustomerQuickActions({ phone, leadId }: { phone: string; leadId: number }) {
  const { data } = useCustomerLookup(phone);
  const [calling, setCalling] = useState(false);
  const c = data?.customer;
  if (!c) return null;
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="lead-customer">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <UserRound className="size-4" aria-hidden="true" />
        Khách hàng:
        <Link
          to={`/dashboard/customers/${c.customerId}`}
          className="font-medium text-slate-900 underline underline-offset-2"
        >
          {c.fullName} ({c.code})
        </Link>
        <span className="text-xs text-slate-500">{c.entries} mục trên dòng thời gian</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <ZaloButton customerId={c.customerId} leadId={leadId} />
        <Button variant="secondary" onClick={() => setCalling(true)}>
          <PhoneCall className="size-4" aria-hidden="true" /> Ghi cuộc gọi
        </Button>
      </div>
      <CallDialog
        customerId={c.customerId}
        leadId={leadId}
        open={calling}
        onClose={() => setCalling(false)}
      />
    </div>
  );
}
