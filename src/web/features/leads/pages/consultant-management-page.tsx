import { LeadsManagement } from '../components/leads-management';

const TEXT = {
  title: 'Quản lý tư vấn',
  description: 'Yêu cầu tư vấn, liên hệ từ website',
  subjectHeader: 'Nội dung',
  searchPlaceholder: 'Tìm tên, số điện thoại, email, mã...',
  dateLabel: 'Ngày gửi',
};

/** /dashboard/consultantManagement (MANAGE_SERVICE); ?id= opens a lead. */
export default function ConsultantManagementPage() {
  return <LeadsManagement type="CONSULTING" text={TEXT} />;
}
