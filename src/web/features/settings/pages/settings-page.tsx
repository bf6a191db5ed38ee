import { type WebConfiguration, webConfiguration } from '@contract/web-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { Controller, type FieldError, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button, IconButton } from '../../../components/button';
import { controlClass, FormField, Input, Textarea } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { api, errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { WEB_CONFIG_KEY } from '../../../lib/web-config';

const ADMIN_KEY = [...WEB_CONFIG_KEY, 'admin'] as const;
const SYSTEM_MESSAGE_MAX = 8000;

/** A rate stored as a fraction (0.02) and typed as a percentage (2 or 2,5). */
/** 0.085 -> "8,5" */
function showPercent(v: number | null | undefined): string {
  return v === null || v === undefined || Number.isNaN(v)
    ? ''
    : String(Math.round(v * 100 * 1000) / 1000).replace('.', ',');
}

function PercentInput({
  value,
  onChange,
  className,
  ...rest
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { value: number; onChange: (v: number) => void }) {
  const [text, setText] = useState(() => showPercent(value));
  const last = useRef(value);
  useEffect(() => {
    if (!Object.is(value, last.current)) {
      last.current = value;
      setText(showPercent(value));
    }
  }, [value]);
  return (
    <div className="relative">
      <input
        {...rest}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          const raw = e.target.value.replace(/[^\d.,]/g, '');
          setText(raw);
          const n = raw === '' ? Number.NaN : Number(raw.replace(',', '.')) / 100;
          last.current = n;
          onChange(n);
        }}
        className={cx(controlClass, 'pr-10 tabular-nums', className)}
      />
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">
        %
      </span>
    </div>
  );
}

function Card({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const msg = (e: FieldError | undefined) => e?.message;

/** /dashboard/setting: every field of the web configuration; GET web-configuration/admin, PUT web-configuration. */
export default function SettingsPage() {
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: ADMIN_KEY,
    queryFn: ({ signal }) => api<WebConfiguration>('web-configuration/admin', { auth: true, signal }),
  });
  const save = useMutation({
    mutationFn: (v: WebConfiguration) =>
      api<WebConfiguration>('web-configuration', { method: 'PUT', auth: true, body: v }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ADMIN_KEY, saved);
      // The public settings, car calculations and advisor prompt are all under this key.
      queryClient.invalidateQueries({ queryKey: WEB_CONFIG_KEY });
      toast.success('Đã lưu cấu hình hệ thống');
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<WebConfiguration>({
    resolver: zodResolver(webConfiguration) as unknown as Resolver<WebConfiguration>,
  });
  const insurance = useFieldArray({ control, name: 'carCalculations.insuranceBySeats' });

  useEffect(() => {
    if (config.data) reset(config.data);
  }, [config.data, reset]);

  const systemMessage = watch('systemMessage') ?? '';
  const cc = errors.carCalculations;

  if (config.isError) {
    return (
      <>
        <PageHeader title="Cấu hình hệ thống" />
        <p
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(config.error)}
        </p>
      </>
    );
  }

  const text = (
    name: keyof WebConfiguration,
    label: string,
    props: ComponentProps<'input'> = {},
    required = false,
  ) => (
    <FormField
      label={label}
      htmlFor={`cfg-${name}`}
      error={msg(errors[name] as FieldError | undefined)}
      required={required}
    >
      <Input id={`cfg-${name}`} {...props} {...register(name)} />
    </FormField>
  );

  const money = (
    name: `carCalculations.${string}`,
    label: string,
    error: FieldError | undefined,
    suffix = 'VNĐ',
  ) => (
    <Controller
      control={control}
      name={name as 'carCalculations.inspectionFee'}
      render={({ field }) => (
        <FormField label={label} htmlFor={`cfg-${name}`} error={msg(error)}>
          <NumberInput
            id={`cfg-${name}`}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            suffix={suffix}
          />
        </FormField>
      )}
    />
  );

  const percent = (
    name: `carCalculations.${string}`,
    label: string,
    error: FieldError | undefined,
    hint?: string,
  ) => (
    <Controller
      control={control}
      name={name as 'carCalculations.loanInterestRate'}
      render={({ field }) => (
        <FormField label={label} htmlFor={`cfg-${name}`} error={msg(error)} hint={hint}>
          <PercentInput
            id={`cfg-${name}`}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );

  return (
    <>
      <PageHeader
        title="Cấu hình hệ thống"
        description="Thông tin showroom hiển thị trên website, chi phí lăn bánh và trợ lý AI."
      />
      {config.isPending ? (
        <div className="space-y-5">
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-64 w-full rounded-xl" />
          ))}
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit((v) => save.mutate(v))} className="space-y-5 pb-24">
          <Card
            id="cfg-showroom"
            title="Thông tin showroom"
            description="Hiển thị ở đầu trang, chân trang và trang liên hệ."
          >
            <div className="grid gap-4 md:grid-cols-2">
              {text('showroomName', 'Tên showroom', {}, true)}
              {text('showroomPhone', 'Số điện thoại', { type: 'tel', inputMode: 'tel' })}
              <div className="md:col-span-2">{text('showroomAddress', 'Địa chỉ')}</div>
              {text('showroomEmail', 'Email', { type: 'email' })}
              {text('openingHours', 'Giờ mở cửa', { placeholder: '8:00 - 18:00, Thứ Hai - Chủ Nhật' })}
            </div>
          </Card>

          <Card
            id="cfg-social"
            title="Mạng xã hội và kênh liên hệ"
            description="Địa chỉ đầy đủ, bắt đầu bằng https://"
          >
            <div className="grid gap-4 md:grid-cols-2">
              {text('facebookUrl', 'Trang Facebook', {
                type: 'url',
                placeholder: 'https://www.facebook.com/...',
              })}
              {text('youtubeUrl', 'Kênh YouTube', {
                type: 'url',
                placeholder: 'https://www.youtube.com/@...',
              })}
              {text('tiktokUrl', 'TikTok', { type: 'url', placeholder: 'https://www.tiktok.com/@...' })}
              {text('messengerUrl', 'Messenger', { type: 'url', placeholder: 'https://m.me/...' })}
              {text('zaloUrl', 'Zalo', { type: 'url', placeholder: 'https://zalo.me/...' })}
              {text('mapEmbedUrl', 'Bản đồ nhúng (Google Maps)', {
                type: 'url',
                placeholder: 'https://www.google.com/maps?...&output=embed',
              })}
            </div>
          </Card>

          <Card
            id="cfg-costs"
            title="Thông số tính chi phí lăn bánh và trả góp"
            description="Dùng cho bảng tính chi phí trên trang chi tiết xe và cho trợ lý AI."
          >
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {percent(
                'carCalculations.registrationFeeRate',
                'Lệ phí trước bạ',
                cc?.registrationFeeRate,
                'Tỷ lệ trên giá xe, ví dụ 2%',
              )}
              {money('carCalculations.inspectionFee', 'Phí đăng kiểm', cc?.inspectionFee)}
              {money('carCalculations.roadFeePerYear', 'Phí bảo trì đường bộ (1 năm)', cc?.roadFeePerYear)}
            </div>
            <h3 className="mt-6 mb-3 text-sm font-semibold text-slate-800">Phí cấp biển số</h3>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {money('carCalculations.plateFees.hanoi', 'Hà Nội', cc?.plateFees?.hanoi)}
              {money('carCalculations.plateFees.hcm', 'TP. Hồ Chí Minh', cc?.plateFees?.hcm)}
              {money('carCalculations.plateFees.city', 'Thành phố khác', cc?.plateFees?.city)}
              {money('carCalculations.plateFees.other', 'Khu vực khác', cc?.plateFees?.other)}
            </div>
            <h3 className="mt-6 mb-1 text-sm font-semibold text-slate-800">
              Bảo hiểm trách nhiệm dân sự bắt buộc (1 năm)
            </h3>
            <p className="mb-3 text-xs text-slate-500">
              Mỗi mức áp dụng cho xe có số chỗ ngồi đến giới hạn đã nhập.
            </p>
            <ul className="space-y-3">
              {insurance.fields.map((f, i) => (
                <li
                  key={f.id}
                  className="grid grid-cols-[5.5rem_1fr_auto] items-end gap-2 sm:grid-cols-[10rem_16rem_auto] sm:gap-3"
                >
                  <Controller
                    control={control}
                    name={`carCalculations.insuranceBySeats.${i}.maxSeats`}
                    render={({ field }) => (
                      <FormField
                        label="Số chỗ"
                        htmlFor={`cfg-seats-${i}`}
                        error={msg(cc?.insuranceBySeats?.[i]?.maxSeats) ? 'Số chỗ từ 1 đến 60' : undefined}
                      >
                        <NumberInput
                          id={`cfg-seats-${i}`}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                        />
                      </FormField>
                    )}
                  />
                  <Controller
                    control={control}
                    name={`carCalculations.insuranceBySeats.${i}.fee`}
                    render={({ field }) => (
                      <FormField
                        label="Phí bảo hiểm (VNĐ)"
                        htmlFor={`cfg-fee-${i}`}
                        error={msg(cc?.insuranceBySeats?.[i]?.fee)}
                      >
                        <NumberInput
                          id={`cfg-fee-${i}`}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                        />
                      </FormField>
                    )}
                  />
                  <IconButton
                    label={`Xóa mức bảo hiểm ${i + 1}`}
                    onClick={() => insurance.remove(i)}
                    disabled={insurance.fields.length <= 1}
                    className="text-red-600 hover:bg-red-50"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </IconButton>
                </li>
              ))}
            </ul>
            {cc?.insuranceBySeats?.message || cc?.insuranceBySeats?.root?.message ? (
              <p className="mt-2 text-sm text-red-600" role="alert">
                {cc.insuranceBySeats.message ?? cc.insuranceBySeats.root?.message}
              </p>
            ) : null}
            <Button
              variant="ghost"
              className="mt-2 text-brand-600"
              onClick={() => insurance.append({ maxSeats: 0, fee: 0 })}
              disabled={insurance.fields.length >= 10}
            >
              <Plus className="size-4" aria-hidden="true" />
              Thêm mức bảo hiểm
            </Button>

            <h3 className="mt-6 mb-3 text-sm font-semibold text-slate-800">Trả góp</h3>
            <div className="grid gap-4 md:grid-cols-3">
              {percent(
                'carCalculations.loanInterestRate',
                'Lãi suất vay (năm)',
                cc?.loanInterestRate,
                'Tối đa 50%',
              )}
              {percent(
                'carCalculations.maxLoanRatio',
                'Tỷ lệ vay tối đa',
                cc?.maxLoanRatio,
                'Phần trăm giá xe ngân hàng cho vay',
              )}
              <Controller
                control={control}
                name="carCalculations.maxTermMonths"
                render={({ field }) => (
                  <FormField
                    label="Thời hạn vay tối đa"
                    htmlFor="cfg-term"
                    error={cc?.maxTermMonths ? 'Thời hạn từ 6 đến 120 tháng' : undefined}
                  >
                    <NumberInput
                      id="cfg-term"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      suffix="tháng"
                    />
                  </FormField>
                )}
              />
            </div>
          </Card>

          <Card
            id="cfg-ai"
            title="Trợ lý tư vấn AI"
            description="Lời nhắc hệ thống: cách trợ lý xưng hô, phạm vi tư vấn và những điều không được nói."
          >
            <FormField
              label="Lời nhắc hệ thống"
              htmlFor="cfg-systemMessage"
              error={errors.systemMessage?.message}
              hint={`${systemMessage.length.toLocaleString('vi-VN')} / ${SYSTEM_MESSAGE_MAX.toLocaleString('vi-VN')} ký tự`}
            >
              <Textarea
                id="cfg-systemMessage"
                rows={8}
                maxLength={SYSTEM_MESSAGE_MAX}
                {...register('systemMessage')}
              />
            </FormField>
          </Card>

          <Card
            id="cfg-sessions"
            title="Đăng nhập và phiên làm việc"
            description="Một phiên đăng nhập không được dùng trong khoảng thời gian này sẽ tự đăng xuất (phiên luôn hết hạn sau 7 ngày)."
          >
            <FormField
              label="Tự đăng xuất sau khi không dùng (giờ)"
              htmlFor="cfg-sessionIdleHours"
              error={errors.sessionIdleHours?.message}
              hint="Từ 1 đến 168 giờ; mặc định 8 giờ."
            >
              <Input
                id="cfg-sessionIdleHours"
                type="number"
                inputMode="numeric"
                min={1}
                max={168}
                className="max-w-40"
                {...register('sessionIdleHours', { valueAsNumber: true })}
              />
            </FormField>
          </Card>

          <div className="sticky bottom-0 z-20 -mx-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:flex-row sm:items-center sm:justify-end sm:px-6">
            {isDirty ? <p className="text-sm text-amber-700 sm:mr-auto">Bạn có thay đổi chưa lưu.</p> : null}
            <Button
              variant="secondary"
              onClick={() => config.data && reset(config.data)}
              disabled={!isDirty || save.isPending}
            >
              Hoàn tác
            </Button>
            <Button type="submit" loading={save.isPending}>
              Lưu cấu hình
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
