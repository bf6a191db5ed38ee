import type { PolicyTopic } from '../../../../contract/query';
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
};

const FIELD: Record<PolicyTopic, keyof ShowroomPolicies> = {
  warranty: 'warranty',
  returns: 'returns',
  negotiation: 'negotiation',
  independentCheck: 'independentCheck',
  purchaseDocuments: 'purchaseDocuments',
  transferDocuments: 'transferDocuments',
};

export async function policyAnswer(t: Turn, topics: PolicyTopic[]): Promise<AdvisorReply> {
  const s = await t.showroom();
  const hotline = await t.hotline();
  const lines = topics.map((topic) => {
    const text = s.policies[FIELD[topic]];
    return text
      ? `${TITLES[topic]}: ${text}`
      : `${TITLES[topic]}: showroom chưa công bố chính sách này trên website; bạn vui lòng hỏi trực tiếp qua ${hotline}.`;
  });
  lines.push(`Bạn cần hỏi thêm về một xe cụ thể, cứ gửi tên xe hoặc gọi ${hotline}.`);
  return { kind: 'policy', text: lines.join('\n'), cars: [] };
}
