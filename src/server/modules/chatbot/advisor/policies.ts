import { formatPrice } from '../../../../contract/format';
import { formatMinutes } from '../../../../contract/leads/response-time';
import type { PolicyTopic } from '../../../../contract/query';
import { type PublicReservationSettings, reservationsOpen } from '../../../../contract/reservation-labels';
import type { ShowroomPolicies } from '../../../../contract/web-config';
import type { AdvisorReply, Turn } from './turn';

/** Answers from the showroom's written policies only: the advisor quotes them and never invents one. */

const TITLES: Record<PolicyTopic, string> = {
  warranty: 'Bảo hành',
  returns: 'Đổi trả',
  negotiation: 'Về giá',
  independentCheck: 'Kiểm tra xe ở hãng hoặc garage bên ngoài',
  purchaseDocuments: 'Giấy tờ khi mua xe',
  transferDocuments: 'Sang tên',
  deposit: 'Đặt cọc giữ xe',
};

const FIELD: Record<Exclude<PolicyTopic, 'deposit'>, keyof ShowroomPolicies> = {
  warranty: 'warranty',
  returns: 'returns',
  negotiation: 'negotiation',
  independentCheck: 'independentCheck',
  purchaseDocuments: 'purchaseDocuments',
  transferDocuments: 'transferDocuments',
};

/** The deposit as the settings have it: how to pay, how much, how long the car is held. */
function depositText(r: PublicReservationSettings, hotline: string): string {
  if (!reservationsOpen(r))
    return `showroom chưa nhận đặt cọc trực tuyến; bạn vui lòng liên hệ ${hotline} để giữ xe.`;
  const amount =
    r.depositMode === 'fixed'
      ? formatPrice(r.depositAmount)
      : `${r.depositPercent.toLocaleString('vi-VN')}% giá xe (làm tròn lên 100.000 đ)`;
  return (
    `bấm "Đặt cọc giữ xe" trên trang của xe đang bán, để lại họ tên, số điện thoại, email rồi quét mã VietQR. ` +
    `Tiền cọc ${amount}, chuyển trong ${formatMinutes(r.holdMinutes)}; xe chuyển sang "Đang giao dịch" ngay khi bạn gửi ` +
    `yêu cầu, và khi nhận được tiền, xe được giữ ${r.paidHoldDays} ngày, tiền cọc trừ vào giá xe khi ký hợp đồng.`
  );
}

export async function policyAnswer(t: Turn, topics: PolicyTopic[]): Promise<AdvisorReply> {
  const s = await t.showroom();
  const hotline = await t.hotline();
  const lines = topics.map((topic) => {
    if (topic === 'deposit') return `${TITLES.deposit}: ${depositText(s.reservations, hotline)}`;
    const text = s.policies[FIELD[topic]];
    return text
      ? `${TITLES[topic]}: ${text}`
      : `${TITLES[topic]}: showroom chưa công bố chính sách này trên website; bạn vui lòng hỏi trực tiếp qua ${hotline}.`;
  });
  lines.push(`Bạn cần hỏi thêm về một xe cụ thể, cứ gửi tên xe hoặc gọi ${hotline}.`);
  return { kind: 'policy', text: lines.join('\n'), cars: [] };
}
