import { sliderBody } from '@contract/sliders';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '../../../components/back-link';
import { buttonClass } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import { FormField, Input } from '../../../components/form-field';
import { ImagePicker } from '../../../components/image-picker';
import { MissingRecord } from '../../../components/missing-record';
import { NumberInput } from '../../../components/number-input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useImageUpload } from '../../../lib/use-image-upload';
import { useRecordId } from '../../../lib/use-record-id';
import { useSaveSlider, useSlider } from '../api';

interface FormValues {
  title: string;
  subtitle: string;
  link: string;
  buttonText: string;
  order: number | null;
  active: boolean;
}

const EMPTY: FormValues = { title: '', subtitle: '', link: '', buttonText: '', order: 0, active: true };
const FIELDS = ['title', 'subtitle', 'link', 'buttonText', 'order', 'active'] as const;

/** /dashboard/sliders/add and /dashboard/sliders/:overviewId: one form, image with preview and progress. */
export default function SliderFormPage() {
  const { id, isEdit, validId } = useRecordId('overviewId');
  const navigate = useNavigate();
  const slider = useSlider(isEdit && validId ? id : null);
  const save = useSaveSlider(id);
  const picture = useImageUpload(!isEdit, 'Vui lòng chọn ảnh banner');

  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useContractForm<FormValues>(sliderBody, EMPTY);

  useEffect(() => {
    const s = slider.data;
    if (!s) return;
    reset({
      title: s.title,
      subtitle: s.subtitle,
      link: s.link,
      buttonText: s.buttonText,
      order: s.order,
      active: s.active,
    });
  }, [slider.data, reset]);

  if (!validId || (isEdit && slider.isError)) {
    const notFound = !validId || (slider.error instanceof ApiError && slider.error.status === 404);
    return (
      <MissingRecord
        title="Sửa banner"
        message={notFound ? 'Không tìm thấy banner' : errorMessage(slider.error)}
        action={
          <Link to="/dashboard/sliders" className={buttonClass('secondary')}>
            Về danh sách banner
          </Link>
        }
      />
    );
  }

  const loading = isEdit && slider.isPending;
  const submit = handleSubmit((v) => {
    if (!picture.ready()) return;
    save.mutate(
      { body: { ...v, order: v.order ?? 0 }, ...picture.upload },
      {
        onSuccess: () => {
          toast.success(isEdit ? 'Đã cập nhật banner' : 'Đã thêm banner');
          navigate('/dashboard/sliders');
        },
        onError: (err) => {
          if (!picture.refused(err) && !applyServerErrors(err, setError, FIELDS))
            toast.error(errorMessage(err));
        },
        onSettled: picture.settled,
      },
    );
  }, picture.flagMissing);

  return (
    <>
      <BackLink to="/dashboard/sliders">Danh sách banner</BackLink>
      <PageHeader
        title={isEdit ? 'Sửa banner' : 'Thêm banner'}
        description={isEdit ? slider.data?.title : 'Ảnh ngang, nên rộng 1600 px trở lên (tỉ lệ khoảng 5:2).'}
      />
      <form noValidate onSubmit={submit} className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label="Ảnh banner">
          {loading ? (
            <Skeleton className="aspect-[5/2] w-full" />
          ) : (
            <ImagePicker
              {...picture.picker}
              id="slider-image"
              label="Ảnh banner"
              currentSrc={slider.data?.image?.src}
              ratio="aspect-[5/2]"
              hint="JPEG, PNG, WebP hoặc HEIC, tối đa 10 MB. Ảnh được tối ưu tự động cho điện thoại."
            />
          )}
        </section>
        <section
          className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-label="Nội dung"
        >
          {loading ? (
            Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={i} className="h-11 w-full" />
            ))
          ) : (
            <>
              <FormField label="Tiêu đề" htmlFor="slider-title" error={errors.title?.message} required>
                <Input id="slider-title" {...register('title')} />
              </FormField>
              <FormField label="Mô tả ngắn" htmlFor="slider-subtitle" error={errors.subtitle?.message}>
                <Input id="slider-subtitle" {...register('subtitle')} />
              </FormField>
              <FormField
                label="Liên kết"
                htmlFor="slider-link"
                error={errors.link?.message}
                hint="Trang trong website (ví dụ /cars) hoặc địa chỉ http(s)://"
              >
                <Input id="slider-link" placeholder="/cars" {...register('link')} />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Chữ trên nút" htmlFor="slider-button" error={errors.buttonText?.message}>
                  <Input id="slider-button" placeholder="Xem ngay" {...register('buttonText')} />
                </FormField>
                <FormField
                  label="Thứ tự"
                  htmlFor="slider-order"
                  error={errors.order?.message}
                  hint="Số nhỏ hiện trước"
                >
                  <Controller
                    control={control}
                    name="order"
                    render={({ field }) => (
                      <NumberInput
                        id="slider-order"
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                      />
                    )}
                  />
                </FormField>
              </div>
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input type="checkbox" className="size-5 accent-brand-600" {...register('active')} />
                <span className="text-sm font-medium text-slate-700">Hiển thị trên trang chủ</span>
              </label>
            </>
          )}
        </section>
        <FormActions cancelTo="/dashboard/sliders" saving={save.isPending} disabled={loading}>
          {isEdit ? 'Lưu thay đổi' : 'Thêm banner'}
        </FormActions>
        <UnsavedChangesDialog dirty={isDirty && !save.isPending} />
      </form>
    </>
  );
}
