import { ZALO_CONSENT_LABEL } from '@contract/common';
import type { ComponentProps } from 'react';

/**
 * "Nhận thông báo qua Zalo" on the public forms: ticked, the showroom's messages (a booking's
 * confirmation and reminder, a deposit's payment request and receipt, an offer) also reach the
 * visitor's Zalo by phone number; unticked, nothing goes to Zalo. `hint` says what this form's messages are.
 */
export function ZaloConsentBox({
  hint = 'Tin xác nhận và nhắc lịch gửi qua Zalo theo số đã nhập',
  ...props
}: ComponentProps<'input'> & { id: string; hint?: string }) {
  return (
    <label
      htmlFor={props.id}
      className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-700"
    >
      <input type="checkbox" className="size-5 shrink-0 rounded border-slate-300 accent-sky-600" {...props} />
      <span>
        {ZALO_CONSENT_LABEL}
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );
}
