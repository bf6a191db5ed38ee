import { LeadsManagement } from '../components/leads-management';

const TEXT = {
  title: 'Quản lý lái thử',
  description: 'Đăng ký lái thử từ website',
  subjectHeader: 'Xe lái thử',
  searchPlaceholder: 'Tìm tên, số điện thoại, mã, tên xe...',
  dateLabel: 'Ngày hẹn',
};

/** /dashboard/testdriveManagement (MANAGE_SERVICE); ?id= opens a lead. */
export default function TestDriveManagementPage() {
  return <LeadsManagement type="TEST_DRIVE" text={TEXT} />;
}
