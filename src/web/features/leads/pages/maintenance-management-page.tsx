import { LeadsManagement } from '../components/leads-management';

const TEXT = {
  title: 'Quản lý bảo dưỡng',
  description: 'Lịch bảo dưỡng, sửa chữa đặt từ website',
  subjectHeader: 'Xe và dịch vụ',
  searchPlaceholder: 'Tìm tên, số điện thoại, mã, biển số...',
  dateLabel: 'Ngày hẹn',
};

/** /dashboard/maintenanceManagement (MANAGE_SERVICE); ?id= opens a lead. */
export default function MaintenanceManagementPage() {
  return <LeadsManagement type="MAINTENANCE" text={TEXT} />;
}
