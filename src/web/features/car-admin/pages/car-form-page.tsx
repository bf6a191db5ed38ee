import { CAR_STATUS_LABELS, type CarData } from '@contract/cars';
import { formatPrice } from '@contract/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, HandCoins, Receipt } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { FormAlert, FormField, Input, Select, Textarea } from '../../../components/form-field';
import { MissingRecord } from '../../../components/missing-record';
import { NumberField } from '../../../components/number-field';
import { PageHeader } from '../../../components/page-header';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { SaleDialog, type SaleTarget } from '../../sales';
import { useAdminCar, useCreateCar, useInventoryOptions, useUpdateCar } from '../api';
import { CarSpecFields } from '../components/car-spec-fields';
import { FeaturesInput } from '../components/features-input';
import { Section } from '../components/form-section';
import { PhotoManager, ProgressBar } from '../components/photo-manager';
import { SavedPhotos } from '../components/saved-photos';
import { useLocalPhotos } from '../components/use-local-photos';
import { type CarFormValues, carFormSchema, EMPTY_CAR, toFormValues } from '../form-schema';
import { STATUS_TONES } from '../status';

const resolver = zodResolver(carFormSchema) as unknown as Resolver<CarFormValues>;

/** /dashboard/car/add and /dashboard/car/edit/:carId: one form validated with the contract's carInput. */
export default function CarFormPage() {
  const { carId } = useParams();
  const n = Number(carId);
  const isEdit = carId !== undefined;
  const id = isEdit && Number.isInteger(n) && n > 0 ? n : null;
  const navigate = useNavigate();
  const car = useAdminCar(id);
  const options = useInventoryOptions();
  const create = useCreateCar();
  const update = useUpdateCar(id ?? 0);
  const local = useLocalPhotos();
  const [progress, setProgress] = useState<number | null>(null);
  const [sale, setSale] = useState<SaleTarget | null>(null);
  const uid = useId();

  const form = useForm<CarFormValues>({ resolver, defaultValues: EMPTY_CAR });
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;

  useEffect(() => {
    if (car.data) reset(toFormValues(car.data));
  }, [car.data, reset]);

  const sellPrice = useWatch({ control, name: 'sellPrice' });
  const saving = create.isPending || update.isPending;
  const mutationError = create.error ?? update.error;

  const fieldErrors = (err: unknown) => {
    const map =
      err instanceof ApiError ? (err.data as { errors?: Record<string, string> })?.errors : undefined;
    for (const [k, message] of Object.entries(map ?? {}))
      if (k in EMPTY_CAR) setError(k as keyof CarFormValues, { message }, { shouldFocus: true });
  };

  const submit = handleSubmit((values) => {
    const data = values as unknown as CarData;
    if (!isEdit) {
      setProgress(0);
      create.mutate(
        { car: data, files: local.photos.map((p) => p.file), onProgress: setProgress },
        {
          onSuccess: (saved) => {
            toast.success(`Đã thêm xe ${saved.carName}`);
            navigate('/dashboard/carManagement');
          },
          onError: fieldErrors,
          onSettled: () => setProgress(null),
        },
      );
    } else {
      update.mutate(data, {
        onSuccess: (saved) => {
          toast.success(`Đã lưu thay đổi của xe ${saved.carName}`);
          reset(toFormValues(saved));
        },
        onError: fieldErrors,
      });
    }
  });

  const brandList = `${uid}-brands`;
  const extList = `${uid}-ext`;
  const intList = `${uid}-int`;
  const datalists = useMemo(
    () => (
      <>
        <datalist id={brandList}>
          {options.data?.brands.map((b) => (
            <option key={b.value} value={b.value} />
          ))}
        </datalist>
        <datalist id={extList}>
          {options.data?.exteriorColors.map((c) => (
            <option key={c.value} value={c.value} />
          ))}
        </datalist>
        <datalist id={intList}>
          {options.data?.interiorColors.map((c) => (
            <option key={c.value} value={c.value} />
          ))}
        </datalist>
      </>
    ),
    [options.data, brandList, extList, intList],
  );

  const title = isEdit ? 'Sửa thông tin xe' : 'Thêm xe';
  const back = (
    <Link to="/dashboard/carManagement" className={buttonClass('secondary')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Danh sách xe
    </Link>
  );

  if (isEdit && (id === null || (car.error instanceof ApiError && car.error.status === 404))) {
    return (
      <MissingRecord
        title={title}
        actions={back}
        message="Không tìm thấy xe"
        description="Xe này không tồn tại hoặc đã bị xóa."
      />
    );
  }
  if (isEdit && car.isError) {
    return (
      <>
        <PageHeader title={title} actions={back} />
        <FormAlert>{errorMessage(car.error)}</FormAlert>
      </>
    );
  }
  if (isEdit && !car.data) {
    return (
      <>
        <PageHeader title={title} actions={back} />
        <div className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200" aria-busy="true">
          <Skeleton className="h-6 w-1/3" />
          <SkeletonText lines={6} />
        </div>
      </>
    );
  }

  const saved = car.data;
  const sold = saved?.status === 'sold';

  return (
    <>
      <PageHeader
        title={title}
        description={
          saved ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              Mã xe #{saved.carId} · {saved.carName}
              <Badge tone={STATUS_TONES[saved.status]}>{CAR_STATUS_LABELS[saved.status]}</Badge>
            </span>
          ) : (
            'Nhập thông tin xe và tải ảnh lên; ảnh đầu tiên là ảnh bìa.'
          )
        }
        actions={
          <>
            {back}
            {saved && !sold ? (
              <Button
                variant="secondary"
                onClick={() =>
                  setSale({ carId: saved.carId, carName: saved.carName, sellPrice: saved.sellPrice })
                }
              >
                <HandCoins className="size-4" aria-hidden="true" />
                Ghi nhận bán
              </Button>
            ) : null}
            {saved?.status === 'sold' ? (
              <Link to={`/dashboard/soldhistory?carId=${saved.carId}`} className={buttonClass('secondary')}>
                <Receipt className="size-4" aria-hidden="true" />
                Xem giao dịch
              </Link>
            ) : null}
            {saved ? (
              <a
                href={`/cars/${saved.carId}`}
                target="_blank"
                rel="noreferrer"
                className={buttonClass('ghost')}
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                Xem trên trang
              </a>
            ) : null}
          </>
        }
      />
      {datalists}
      <form onSubmit={submit} noValidate className="space-y-5 pb-24">
        <FormAlert>{mutationError ? errorMessage(mutationError) : null}</FormAlert>

        <CarSpecFields form={form} brandList={brandList} />

        <Section title="Giá và tình trạng">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <NumberField
              control={control}
              name="sellPrice"
              label="Giá bán"
              id="car-price"
              error={errors.sellPrice?.message}
              required
              hint={sellPrice ? `Hiển thị: ${formatPrice(sellPrice)}` : 'Đơn vị: đồng'}
              suffix="VNĐ"
            />
            <NumberField
              control={control}
              name="odo"
              label="Số km đã đi"
              id="car-odo"
              error={errors.odo?.message}
              required
              suffix="km"
            />
            <NumberField
              control={control}
              name="previousOwners"
              label="Số chủ sở hữu trước"
              id="car-owners"
              error={errors.previousOwners?.message}
            />
            <FormField
              label="Màu ngoại thất"
              htmlFor="car-ext"
              error={errors.exteriorColor?.message}
              required
            >
              <Input id="car-ext" list={extList} autoComplete="off" {...register('exteriorColor')} />
            </FormField>
            <FormField label="Màu nội thất" htmlFor="car-int" error={errors.interiorColor?.message} required>
              <Input id="car-int" list={intList} autoComplete="off" {...register('interiorColor')} />
            </FormField>
            <FormField
              label="Biển số (tỉnh/thành)"
              htmlFor="car-plate"
              error={errors.licensePlateRegion?.message}
            >
              <Input id="car-plate" placeholder="Ví dụ: Hà Nội" {...register('licensePlateRegion')} />
            </FormField>
            <FormField
              label="Trạng thái"
              htmlFor="car-status"
              error={errors.status?.message}
              hint={
                sold
                  ? 'Xe đã bán: hủy giao dịch trong lịch sử bán hàng để bán lại.'
                  : 'Ghi nhận bán bằng nút "Ghi nhận bán".'
              }
            >
              <Select id="car-status" disabled={sold} {...register('status')}>
                {sold ? <option value="">{CAR_STATUS_LABELS.sold}</option> : null}
                <option value="available">{CAR_STATUS_LABELS.available}</option>
                <option value="pending">{CAR_STATUS_LABELS.pending}</option>
              </Select>
            </FormField>
          </div>
        </Section>

        <Section title="Mô tả và tiện nghi">
          <div className="space-y-4">
            <FormField label="Mô tả" htmlFor="car-desc" error={errors.description?.message}>
              <Textarea id="car-desc" rows={5} {...register('description')} />
            </FormField>
            <FormField label="Tiện nghi" htmlFor="car-features" error={errors.features?.message}>
              <Controller
                control={control}
                name="features"
                render={({ field }) => (
                  <FeaturesInput id="car-features" value={field.value} onChange={field.onChange} />
                )}
              />
            </FormField>
          </div>
        </Section>

        <Section
          title="Ảnh xe"
          description={isEdit ? 'Thay đổi ảnh được lưu ngay.' : 'Ảnh được tải lên cùng lúc khi lưu xe.'}
        >
          {saved ? (
            <SavedPhotos car={saved} />
          ) : (
            <PhotoManager
              items={local.photos.map((p) => ({ key: p.key, src: p.url, local: true }))}
              onAdd={local.add}
              onRemove={local.remove}
              onMove={local.move}
              busy={saving}
            />
          )}
        </Section>

        <div className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
          {progress !== null ? (
            <div className="mb-3">
              <ProgressBar value={progress} label={`Đang tải lên ${local.photos.length} ảnh`} />
            </div>
          ) : null}
          <div className="flex gap-2 sm:justify-end">
            <Link to="/dashboard/carManagement" className={buttonClass('secondary')}>
              Hủy
            </Link>
            <Button
              type="submit"
              loading={saving}
              disabled={isEdit && !isDirty}
              className="flex-1 sm:flex-none"
            >
              {isEdit ? 'Lưu thay đổi' : 'Thêm xe'}
            </Button>
          </div>
        </div>
        <UnsavedChangesDialog dirty={isDirty && !saving} />
      </form>
      <SaleDialog car={sale} onClose={() => setSale(null)} />
    </>
  );
}
