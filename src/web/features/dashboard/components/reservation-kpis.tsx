import type { ReservationStats } from '@contract/stats';
import { ShieldCheck, Wallet } from 'lucide-react';
import type { Range } from '../api';
import { KpiCard } from './kpi-card';
import { count, money, percent, rangeCaption } from './overview-format';

/** Online deposits in the range: how many were made and paid, how many became sales, the money received. */
export function ReservationKpis({ stats, range }: { stats: ReservationStats | undefined; range: Range }) {
  return (
    <section aria-label="Đặt cọc trực tuyến" className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <KpiCard
        small
        testId="kpi-reservations"
        label="Đặt cọc trực tuyến"
        icon={ShieldCheck}
        loading={!stats}
        value={stats ? count(stats.created) : null}
        hint={
          stats
            ? `${count(stats.paid)} đã cọc · ${count(stats.sold)} thành giao dịch bán · ${rangeCaption(range, 'toàn thời gian')}`
            : null
        }
        to="/dashboard/reservations"
      />
      <KpiCard
        small
        testId="kpi-deposits"
        label="Tiền cọc đã nhận"
        icon={Wallet}
        loading={!stats}
        value={stats ? money(stats.depositsReceived) : null}
        hint={
          stats
            ? stats.paidToSaleRate != null
              ? `${percent(stats.paidToSaleRate)} xe đã cọc thành giao dịch bán`
              : 'Chưa có khoản cọc nào'
            : null
        }
      />
    </section>
  );
}
