import {
  CONSULTING_TOPIC_LABELS,
  CONSULTING_TOPICS,
  type ConsultingTopic,
  consultingForm,
} from '@contract/leads';
import { PAGE_TITLES } from '@contract/page-titles';
import { CarFront } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { FormField } from '../../../components/form-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CarPicker } from '../components/car-picker';
import { ContactFields, LeadSubmit } from '../components/contact-fields';
import { ChoiceChips, FormSection, LeadSuccess } from '../components/form-parts';
import { LeadPageShell } from '../components/lead-page-shell';
import { useLeadForm } from '../use-lead-form';

interface Values {
  fullName: string;
  phone: string;
  email: string;
  topic: ConsultingTopic | '';
  carId: number | '';
  message: string;
  website: string;
  clientRequestId: string;
}

const TOPIC_FROM_QUERY: Record<string, ConsultingTopic> = {
  buy: 'BUY',
  sell: 'SELL',
  installment: 'INSTALLMENT',
  other: 'OTHER',
};

/** /consulting: contact / consulting request (buying, selling or valuing a car, instalments). */
export default function ConsultingPage() {
  useDocumentTitle(PAGE_TITLES['/consulting']);
  const [params] = useSearchParams();
  const preset = Number(params.get('carId'));
  const presetCar = Number.isInteger(preset) && preset > 0 ? preset : '';
  const { form, onSubmit, receipt, formError, pending, again } = useLeadForm<Values>(
    'CONSULTING',
    consultingForm,
    {
      fullName: '',
      phone: '',
      email: '',
      topic: TOPIC_FROM_QUERY[params.get('topic') ?? ''] ?? (presetCar ? 'BUY' : ''),
      carId: presetCar,
      message: '',
      website: '',
    },
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [withCar, setWithCar] = useState(presetCar !== '');

  return (
    <LeadPageShell
      eyebrow="Liên hệ"
      title="Yêu cầu tư vấn"
      intro="Cần tư vấn mua xe, định giá xe đang đi hay phương án trả góp? Để lại lời nhắn, chuyên viên của showroom sẽ liên hệ lại với bạn."
      promises={[
        'Tư vấn miễn phí, trung thực theo nhu cầu và ngân sách',
        'Định giá xe cũ nhanh, thu mua giá tốt',
        'Liên kết nhiều ngân hàng, hỗ trợ trả góp đến 70%',
      ]}
    >
      {receipt ? (
        <LeadSuccess
          receipt={receipt}
          againLabel="Gửi yêu cầu khác"
          onAgain={() => {
            setWithCar(false);
            again();
          }}
        />
      ) : (
        <form noValidate onSubmit={onSubmit} className="relative space-y-7" aria-label="Yêu cầu tư vấn">
          <FormSection title="1. Bạn cần tư vấn về">
            <Controller
              control={control}
              name="topic"
              render={({ field, fieldState }) => (
                <ChoiceChips
                  id="cs-topic"
                  legend="Nội dung cần tư vấn"
                  name="topic"
                  required
                  columns="grid-cols-2"
                  choices={CONSULTING_TOPICS.map((t) => ({ value: t, label: CONSULTING_TOPIC_LABELS[t] }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            {withCar ? (
              <Controller
                control={control}
                name="carId"
                render={({ field, fieldState }) => (
                  <CarPicker
                    id="cs-car"
                    label="Xe bạn quan tâm (không bắt buộc)"
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    inputRef={field.ref}
                  />
                )}
              />
            ) : (
              <Button variant="secondary" onClick={() => setWithCar(true)} className="w-full sm:w-auto">
                <CarFront className="size-4" aria-hidden="true" />
                Chọn xe bạn quan tâm
              </Button>
            )}
            <FormField label="Nội dung" htmlFor="cs-message" required error={errors.message?.message}>
              <CountedTextarea
                id="cs-message"
                rows={5}
                placeholder="Ví dụ: tôi cần xe 7 chỗ cho gia đình, tầm giá 700 triệu, muốn trả góp 3 năm."
                {...register('message')}
              />
            </FormField>
          </FormSection>

          <ContactFields form={form} idPrefix="cs" title="2. Thông tin liên hệ" emailRequired />

          <LeadSubmit form={form} pending={pending} formError={formError} label="Gửi yêu cầu tư vấn" />
        </form>
      )}
    </LeadPageShell>
  );
}
