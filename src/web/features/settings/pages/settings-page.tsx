import { maxLengths } from '@contract/limits';
import { PAYMENT_PASSWORD_REQUIRED, type WebConfiguration, webConfiguration } from '@contract/web-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useState } from 'react';
import { Controller, type FieldError, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormField, Input, Textarea } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { WEB_CONFIG_KEY } from '../../../lib/web-config';
import { InsuranceTiers } from '../components/insurance-tiers';
import { LeadHandlingFields } from '../components/lead-handling-fields';
import { OfficialPrices } from '../components/official-prices';
import { PartnerBanks, TransferDays } from '../components/partner-banks';
import { PolicyFields } from '../components/policy-fields';
import { RemainingQualityBands } from '../components/remaining-quality-bands';
import { paymentsChanged, ReservationFields } from '../components/reservation-fields';
import { Card, msg, PercentInput } from '../components/settings-fields';
import { StockCostFields } from '../components/stock-cost-fields';
import { ZaloFields } from '../components/zalo-fields';

const ADMIN_KEY = [...WEB_CONFIG_KEY, 'admin'] as const;
const LIMITS = maxLengths(webConfiguration);
const SYSTEM_MESSAGE_MAX = LIMITS.systemMessage;

/** /dashboard/setting: every field of the web configuration; GET web-configuration/admin, PUT web-configuration. */
export default function SettingsPage() {
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: ADMIN_KEY,
    queryFn: ({ signal }) => api<WebConfiguration>('web-configuration/admin', { auth: true, signal }),
  });
  // Asked only when the deposit account or the webhook key changes; never kept after a save.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (v: WebConfiguration & { currentPassword?: string }) =>
      api<WebConfiguration>('web-configuration', { method: 'PUT', auth: true, body: v }),
    onSuccess: (saved) => {
      setPassword('');
      setPasswordError(undefined);
      queryClient.setQueryData(ADMIN_KEY, saved);
      // The public settings, car calculations and advisor prompt are all under this key.
      queryClient.invalidateQueries({ queryKey: WEB_CONFIG_KEY });
      toast.success('Đã lưu cấu hình hệ thống');
    },
    onError: (err) => {
      const fields =
        err instanceof ApiError ? (err.data as { errors?: Record<string, string> })?.errors : null;
      if (fields?.currentPassword) setPasswordError(fields.currentPassword);
      toast.error(errorMessage(err));
    },
  });

  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isDirty },
  } = useForm<WebConfiguration>({
    resolver: zodResolver(webConfiguration) as unknown as Resolver<WebConfiguration>,
  });

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
      <Input id={`cfg-${name}`} maxLength={LIMITS[name]} {...props} {...register(name)} />
    </FormField>
  );

  /** A whole number from 1 to `max` (service bays, idle hours). */
  const count = (name: 'serviceBays' | 'sessionIdleHours', label: string, max: number, hint: string) => (
    <FormField label={label} htmlFor={`cfg-${name}`} error={errors[name]?.message} hint={hint}>
      <Input
        id={`cfg-${name}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        className="max-w-40"
        {...register(name, { valueAsNumber: true })}
      />
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
        <form
          noValidate
          onSubmit={handleSubmit((v) => {
            const payments = paymentsChanged(v.reservations, config.data?.reservations);
            if (payments && !password) {
              setPasswordError(PAYMENT_PASSWORD_REQUIRED);
              toast.error(PAYMENT_PASSWORD_REQUIRED);
              return;
            }
            save.mutate(payments ? { ...v, currentPassword: password } : v);
          })}
          className="space-y-5 pb-24"
        >
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
              {text('showroomTaxCode', 'Mã số thuế (in trên hợp đồng)', { inputMode: 'numeric' })}
              {text('showroomRepresentative', 'Người đại diện ký hợp đồng')}
              {text('showroomRepresentativeTitle', 'Chức vụ người đại diện')}
              {text('openingHours', 'Giờ mở cửa', { placeholder: '8:00 - 18:00, Thứ Hai - Chủ Nhật' })}
              {count(
                'serviceBays',
                'Số khoang dịch vụ',
                50,
                'Số xe nhận bảo dưỡng cùng lúc trong một khung giờ: khách không đặt được khung giờ đã đủ.',
              )}
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
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
              {percent(
                'carCalculations.registrationFeeRate',
                'Lệ phí trước bạ xe đã qua sử dụng',
                cc?.registrationFeeRate,
                'Đăng ký lần 2 trở đi: 2% trên toàn quốc',
              )}
              {money('carCalculations.transferFee', 'Lệ phí đăng ký sang tên', cc?.transferFee)}
              {money('carCalculations.inspectionFee', 'Phí đăng kiểm', cc?.inspectionFee)}
              {money('carCalculations.roadFeePerYear', 'Phí bảo trì đường bộ (1 năm)', cc?.roadFeePerYear)}
            </div>
            <h3 className="mt-6 mb-1 text-sm font-semibold text-slate-800">
              Tỷ lệ chất lượng còn lại theo số năm sử dụng
            </h3>
            <p className="mb-3 text-xs text-slate-500">
              Số năm tính từ năm sản xuất đến năm bán xe. Giá tính lệ phí trước bạ = giá trong bảng dưới × tỷ
              lệ này.
            </p>
            <RemainingQualityBands control={control} cc={cc} />
            <h3 className="mt-6 mb-1 text-sm font-semibold text-slate-800">Bảng giá tính lệ phí trước bạ</h3>
            <p className="mb-3 text-xs text-slate-500">
              Giá của xe mới theo bảng giá của Bộ Tài chính. Mẫu xe không có trong bảng được tạm tính theo giá
              bán và ghi rõ là giá tham khảo.
            </p>
            <OfficialPrices control={control} register={register} cc={cc} />
            <h3 className="mt-6 mb-1 text-sm font-semibold text-slate-800">
              Bảo hiểm trách nhiệm dân sự bắt buộc (1 năm)
            </h3>
            <p className="mb-3 text-xs text-slate-500">
              Mỗi mức áp dụng cho xe có số chỗ ngồi đến giới hạn đã nhập.
            </p>
            <InsuranceTiers control={control} cc={cc} />

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

          <PolicyFields register={register} errors={errors.policies} />

          <ReservationFields
            register={register}
            control={control}
            setValue={setValue}
            errors={errors.reservations}
            stored={config.data?.reservations}
            password={{
              value: password,
              onChange: (value) => {
                setPassword(value);
                setPasswordError(undefined);
              },
              error: passwordError,
            }}
          />

          <LeadHandlingFields register={register} errors={errors.leadHandling} />

          <StockCostFields control={control} errors={errors.stockCosts} />
          <ZaloFields register={register} errors={errors.zalo} />

          <PartnerBanks control={control} register={register} errors={errors.partnerBanks} />
          <TransferDays control={control} errors={errors.transferStepDays} />

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
            {count(
              'sessionIdleHours',
              'Tự đăng xuất sau khi không dùng (giờ)',
              168,
              'Từ 1 đến 168 giờ; mặc định 8 giờ.',
            )}
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
          <UnsavedChangesDialog dirty={isDirty && !save.isPending} />
        </form>
      )}
    </>
  );
}
