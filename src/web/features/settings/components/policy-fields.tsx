import { maxLengths } from '@contract/limits';
import { type ShowroomPolicies, showroomPolicies, type WebConfiguration } from '@contract/web-config';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CountedTextarea } from '../../../components/char-count';
import { FormField } from '../../../components/form-field';
import { Card } from './settings-fields';

const LIMITS = maxLengths(showroomPolicies);

const POLICY_FIELDS: { key: keyof ShowroomPolicies; label: string; hint: string }[] = [
  { key: 'warranty', label: 'Bảo hành', hint: 'Hiện cạnh giá trên mọi trang xe.' },
  { key: 'returns', label: 'Đổi trả, hoàn tiền', hint: 'Hiện cạnh giá trên mọi trang xe.' },
  { key: 'negotiation', label: 'Thương lượng giá', hint: 'Trợ lý AI trả lời "giá có thương lượng không?".' },
  {
    key: 'independentCheck',
    label: 'Kiểm tra xe tại hãng trước khi mua',
    hint: 'Trợ lý AI trích nguyên văn.',
  },
  { key: 'purchaseDocuments', label: 'Giấy tờ khách cần khi mua xe', hint: 'Trợ lý AI trích nguyên văn.' },
  { key: 'transferDocuments', label: 'Giấy tờ và thủ tục sang tên', hint: 'Trợ lý AI trích nguyên văn.' },
  {
    key: 'deposit',
    label: 'Chính sách đặt cọc',
    hint: 'Hoàn cọc đến khi nào, mất cọc khi nào: hiện khi khách đặt cọc và in trong hợp đồng đặt cọc.',
  },
  {
    key: 'handoverTerms',
    label: 'Điều khoản bàn giao xe',
    hint: 'In trong hợp đồng mua bán và biên bản bàn giao.',
  },
];

/** "Chính sách showroom": the policies in the showroom's own words, saved with the rest of the settings. */
export function PolicyFields({
  register,
  errors,
}: {
  register: UseFormRegister<WebConfiguration>;
  errors: FieldErrors<WebConfiguration>['policies'];
}) {
  return (
    <Card
      id="cfg-policies"
      title="Chính sách showroom"
      description="Viết đúng điều showroom cam kết: khách đọc trên trang xe, trợ lý AI chỉ trả lời theo nội dung này."
    >
      <div className="grid gap-4 lg:grid-cols-2">
        {POLICY_FIELDS.map((f) => (
          <FormField
            key={f.key}
            label={f.label}
            htmlFor={`cfg-policy-${f.key}`}
            error={errors?.[f.key]?.message}
            hint={f.hint}
          >
            <CountedTextarea
              id={`cfg-policy-${f.key}`}
              rows={3}
              maxLength={LIMITS[f.key]}
              {...register(`policies.${f.key}`)}
            />
          </FormField>
        ))}
      </div>
    </Card>
  );
}
