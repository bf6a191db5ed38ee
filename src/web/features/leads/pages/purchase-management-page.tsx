import { LeadsManagement } from '../components/leads-management';

const TEXT = {
  title: 'Quản lý thu mua xe',
  description: 'Xe khách muốn bán cho showroom, kể cả đổi xe cũ lấy xe mới',
  subjectHeader: 'Xe của khách',
  searchPlaceholder: 'Tìm tên, số điện thoại, email, mã, xe...',
  dateLabel: 'Ngày hẹn kiểm tra',
};

/** /dashboard/purchaseManagement (MANAGE_SERVICE); ?id= opens a lead. */
export default function PurchaseManagementPage() {
  return <LeadsManagement type="PURCHASE" text={TEXT} />;
}
