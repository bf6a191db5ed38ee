import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  CAR_STATUS_LABELS,
  type CarAdminDetail,
  type CarData,
  DRIVETRAIN_LABELS,
  DRIVETRAINS,
  FUEL_LABELS,
  FUELS,
  MIN_CAR_YEAR,
  ORIGIN_LABELS,
  ORIGINS,
  TRANSMISSION_LABELS,
  TRANSMISSIONS,
} from '@contract/cars';
import { formatPrice, yearRange } from '@contract/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, HandCoins, Receipt } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert, FormField, Input, Select, Textarea } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { SaleDialog, type SaleTarget } from '../../sales';
import { useAdminCar, useCreateCar, useInventoryOptions, usePhotoActions, useUpdateCar } from '../api';
import { FeaturesInput } from '../components/features-input';
import { type PhotoItem, PhotoManager, ProgressBar } from '../components/photo-manager';
import { type CarFormValues, carFormSchema, EMPTY_CAR, toFormValues } from '../form-schema';
import { STATUS_TONES } from '../status';

const resolver = zodResolver(carFormSchema) as unknown as Resolver<CarFormValues>;
const YEARS = yearRange(MIN_CAR_YEAR + 10);

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface LocalPhoto {
  key: string;
  file: File;
  url: string;
}

/** Photos of a car not saved yet: kept in the browser, sent with the car in cover-first order. */
function useLocalPhotos() {
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const all = useRef(photos);
  all.current = photos;
  useEffect(
    () => () => {
      for (const p of all.current) URL.revokeObjectURL(p.url);
    },
    [],
  );
  return {
    photos,
    add: (files: File[]) =>
      setPhotos((ps) => [
        ...ps,
        ...files.map((file) => ({
          key: `${file.name}-${file.size}-${Math.random()}`,
          file,
          url: URL.createObjectURL(file),
        })),
      ]),
    remove: (key: string) =>
      setPhotos((ps) => {
        const gone = ps.find((p) => p.key === key);
        if (gone) URL.revokeObjectURL(gone.url);
        return ps.filter((p) => p.key !== key);
      }),
    move: (from: number, to: number) =>
      setPhotos((ps) => {
        if (to < 0 || to >= ps.length) return ps;
        const next = [...ps];
        const [item] = next.splice(from, 1);
        next.splice(to, 0, item);
        return next;
      }),
  };
}

/** Edit page photos: every change is saved at once (upload with progress, remove, reorder). */
function SavedPhotos({ car }: { car: CarAdminDetail }) {
  const { upload, remove, reorder } = usePhotoActions(car.carId);
  const [order, setOrder] = useState<number[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const byId = new Map(car.photos.map((p) => [p.photoId, p]));
  const ids = (order ?? car.photos.map((p) => p.photoId)).filter((id) => byId.has(id));
  const items: PhotoItem[] = ids.map((id) => ({ key: String(id), src: byId.get(id)!.urls[480] }));
  const busy = upload.isPending || remove.isPending || reorder.isPending;

  return (
    <>
      <PhotoManager
        items={items}
        busy={busy}
        progress={progress}
        onAdd={(files) => {
          setProgress(0);
          upload.mutate(
            { files, onProgress: setProgress },
            {
              onSuccess: (photos) => {
                setOrder(null);
                toast.success(`Đã tải lên ${files.length} ảnh (${photos.length} ảnh)`);
              },
              onError: (err) => toast.error(errorMessage(err)),
              onSettled: () => setProgress(null),
            },
          );
        }}
        onRemove={(key) => setRemoving(Number(key))}
        onMove={(from, to) => {
          if (to < 0 || to >= ids.length) return;
          const next = [...ids];
          const [item] = next.splice(from, 1);
          next.splice(to, 0, item);
          setOrder(next);
          reorder.mutate(next, {
            onSuccess: () => setOrder(null),
            onError: (err) => {
              setOrder(null);
              toast.error(errorMessage(err));
            },
          });
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Xóa ảnh này?"
        message="Ảnh sẽ bị xóa khỏi xe ngay lập tức."
        confirmLabel="Xóa ảnh"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          remove.mutate(removing!, {
            onSuccess: () => {
              toast.success('Đã xóa ảnh');
              setRemoving(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err));
              setRemoving(null);
            },
          })
        }
      />
    </>
  );
}

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

  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<CarFormValues>({ resolver, defaultValues: EMPTY_CAR });

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
      <>
        <PageHeader title={title} actions={back} />
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <EmptyState title="Không tìm thấy xe" description="Xe này không tồn tại hoặc đã bị xóa." />
        </div>
      </>
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
            {saved?.saleId ? (
              <Link to={`/dashboard/soldhistory/${saved.saleId}`} className={buttonClass('secondary')}>
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

        <Section title="Thông tin xe">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FormField
              label="Tên xe"
              htmlFor="car-name"
              error={errors.carName?.message}
              required
              className="sm:col-span-2 lg:col-span-3"
            >
              <Input id="car-name" placeholder="Ví dụ: Toyota Vios 1.5G CVT" {...register('carName')} />
            </FormField>
            <FormField label="Hãng xe" htmlFor="car-brand" error={errors.brand?.message} required>
              <Input id="car-brand" list={brandList} autoComplete="off" {...register('brand')} />
            </FormField>
            <FormField label="Dòng xe" htmlFor="car-model" error={errors.model?.message} required>
              <Input id="car-model" placeholder="Ví dụ: Vios" {...register('model')} />
            </FormField>
            <FormField label="Phiên bản" htmlFor="car-version" error={errors.version?.message}>
              <Input id="car-version" placeholder="Ví dụ: 1.5G CVT" {...register('version')} />
            </FormField>
            <FormField label="Năm sản xuất" htmlFor="car-year" error={errors.year?.message} required>
              <Select id="car-year" {...register('year')}>
                <option value="">Chọn năm</option>
                {YEARS.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Kiểu dáng" htmlFor="car-body" error={errors.bodyType?.message} required>
              <Select id="car-body" {...register('bodyType')}>
                <option value="">Chọn kiểu dáng</option>
                {BODY_TYPES.map((b) => (
                  <option key={b} value={b}>
                    {BODY_TYPE_LABELS[b]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Số chỗ ngồi" htmlFor="car-size" error={errors.size?.message} required>
              <Controller
                control={control}
                name="size"
                render={({ field }) => (
                  <NumberInput
                    id="car-size"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    suffix="chỗ"
                  />
                )}
              />
            </FormField>
            <FormField label="Nhiên liệu" htmlFor="car-fuel" error={errors.fuel?.message} required>
              <Select id="car-fuel" {...register('fuel')}>
                <option value="">Chọn nhiên liệu</option>
                {FUELS.map((f) => (
                  <option key={f} value={f}>
                    {FUEL_LABELS[f]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Hộp số" htmlFor="car-gearbox" error={errors.transmission?.message} required>
              <Select id="car-gearbox" {...register('transmission')}>
                <option value="">Chọn hộp số</option>
                {TRANSMISSIONS.map((t) => (
                  <option key={t} value={t}>
                    {TRANSMISSION_LABELS[t]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Dẫn động" htmlFor="car-drive" error={errors.drivetrain?.message}>
              <Select id="car-drive" {...register('drivetrain')}>
                <option value="">Không rõ</option>
                {DRIVETRAINS.map((d) => (
                  <option key={d} value={d}>
                    {DRIVETRAIN_LABELS[d]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Động cơ" htmlFor="car-engine" error={errors.engine?.message}>
              <Input id="car-engine" placeholder="Ví dụ: 1.5L" {...register('engine')} />
            </FormField>
            <FormField label="Xuất xứ" htmlFor="car-origin" error={errors.origin?.message} required>
              <Select id="car-origin" {...register('origin')}>
                <option value="">Chọn xuất xứ</option>
                {ORIGINS.map((o) => (
                  <option key={o} value={o}>
                    {ORIGIN_LABELS[o]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
        </Section>

        <Section title="Giá và tình trạng">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FormField
              label="Giá bán"
              htmlFor="car-price"
              error={errors.sellPrice?.message}
              required
              hint={sellPrice ? `Hiển thị: ${formatPrice(sellPrice)}` : 'Đơn vị: đồng'}
            >
              <Controller
                control={control}
                name="sellPrice"
                render={({ field }) => (
                  <NumberInput
                    id="car-price"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    suffix="VNĐ"
                  />
                )}
              />
            </FormField>
            <FormField label="Số km đã đi" htmlFor="car-odo" error={errors.odo?.message} required>
              <Controller
                control={control}
                name="odo"
                render={({ field }) => (
                  <NumberInput
                    id="car-odo"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    suffix="km"
                  />
                )}
              />
            </FormField>
            <FormField
              label="Số chủ sở hữu trước"
              htmlFor="car-owners"
              error={errors.previousOwners?.message}
            >
              <Controller
                control={control}
                name="previousOwners"
                render={({ field }) => (
                  <NumberInput
                    id="car-owners"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </FormField>
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
      </form>
      <SaleDialog car={sale} onClose={() => setSale(null)} />
    </>
  );
}
