import type { CustomerSummary } from '@contract/customers';
import { formatDateTime } from '@contract/format';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import type { Column } from '../../../components/data-table';
import { ListEmpty, ListPage } from '../../../components/list-page';
import { actionsColumn, RowLink } from '../../../components/row-actions';
import { useSearchList } from '../../../lib/use-list-params';
import { useCustomers } from '../api';

/** /dashboard/customers: one row per person, found by name, phone (any form) or code. */
export default function CustomersPage() {
  const { list, search, query, data } = useSearchList('customers', useCustomers);
  const columns: Column<CustomerSummary>[] = [
    {
      key: 'name',
      header: 'Khách hàng',
      mobile: 'title',
      cell: (c) => (
        <div className="min-w-40">
          <RowNameLink c={c} />
          <p className="text-xs text-slate-500">{c.code}</p>
        </div>
      ),
    },
    {
      key: 'contact',
      header: 'Liên hệ',
      cell: (c) => (
        <div className="md:min-w-44">
          <p className="text-slate-800">{c.phone || '—'}</p>
          <p className="break-all text-xs text-slate-500">{c.emails.join(', ')}</p>
        </div>
      ),
    },
    {
      key: 'zalo',
      header: 'Zalo',
      cell: (c) =>
        c.zaloConsent ? <Badge tone="success">Nhận tin</Badge> : <Badge tone="neutral">Chưa đồng ý</Badge>,
    },
    {
      key: 'owner',
      header: 'Phụ trách',
      cell: (c) => c.ownerName ?? <span className="text-slate-400">—</span>,
    },
    { key: 'entries', header: 'Hoạt động', cell: (c) => `${c.entries} mục` },
    { key: 'last', header: 'Gần nhất', cell: (c) => formatDateTime(c.lastActivityAt) },
    actionsColumn((c) => (
      <RowLink
        to={`/dashboard/customers/${c.customerId}`}
        label={`Xem hồ sơ ${c.fullName}`}
        title="Xem"
        icon={Eye}
      />
    )),
  ];
  return (
    <ListPage
      title="Khách hàng"
      description={
        data
          ? `${data.totalElements} khách hàng`
          : 'Mỗi người một hồ sơ: yêu cầu, đặt cọc, tin nhắn trên một dòng thời gian'
      }
      search={{ placeholder: 'Tìm tên, số điện thoại hoặc mã KH...', label: 'Tìm khách hàng' }}
      query={query}
      caption="Danh sách khách hàng"
      columns={columns}
      rowKey={(c) => c.customerId}
      empty={
        <ListEmpty
          searching={!!search}
          found="Không tìm thấy khách hàng phù hợp"
          none="Chưa có khách hàng nào"
        />
      }
      list={list}
      pageSizeId="customers-page-size"
    />
  );
}

function RowNameLink({ c }: { c: CustomerSummary }) {
  return (
    <Link to={`/dashboard/customers/${c.customerId}`} className="font-medium text-slate-900 hover:underline">
      {c.fullName}
    </Link>
  );
}
