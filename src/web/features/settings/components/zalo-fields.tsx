import { ZALO_MESSAGE_KINDS, ZALO_MESSAGE_LABELS } from '@contract/messaging';
import type { WebConfiguration } from '@contract/web-config';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, Input } from '../../../components/form-field';
import { Card } from './settings-fields';

/**
 * "Tin nhắn Zalo (ZNS)": the approved template id of each message kind. A blank id sends that message
 * by e-mail only; without the Zalo app's keys (ZALO_APP_ID, ...) messages go to the outbox.
 */
export function ZaloFields({
  register,
  errors,
}: {
  register: UseFormRegister<WebConfiguration>;
  errors: FieldErrors<WebConfiguration>['zalo'];
}) {
  return (
    <Card
      id="cfg-zalo"
      title="Tin nhắn Zalo (ZNS)"
      description="Mã mẫu ZNS đã được Zalo duyệt cho từng loại tin; để trống thì loại tin đó không gửi qua Zalo."
    >
      <div className="grid gap-4 md:grid-cols-2">
        {ZALO_MESSAGE_KINDS.map((kind) => (
          <FormField
            key={kind}
            label={ZALO_MESSAGE_LABELS[kind]}
            htmlFor={`cfg-zalo-${kind}`}
            error={errors?.templates?.[kind]?.message}
          >
            <Input
              id={`cfg-zalo-${kind}`}
              inputMode="numeric"
              maxLength={20}
              {...register(`zalo.templates.${kind}`)}
            />
          </FormField>
        ))}
      </div>
    </Card>
  );
}
