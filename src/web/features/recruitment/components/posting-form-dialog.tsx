import { vnDayKey } from '@contract/format';
import { maxLengths } from '@contract/limits';
import {
  type JobType,
  type RecruitmentStatus,
  type RecruitmentView,
  recruitmentBody,
} from '@contract/recruitment';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button, IconButton } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { DateInput } from '../../../components/date-input';
import { FormField, Input } from '../../../components/form-field';
import { NumberField } from '../../../components/number-field';
import { SelectField } from '../../../components/select-field';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRecruitmentOptions, useSavePosting } from '../api';

interface FormValues {
  title: string;
  position: string;
  type: JobType;
  status: RecruitmentStatus;
  location: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryText: string;
  quantity: number | null;
  description: string;
  requirements: string;
  benefits: string;
  deadline: string;
}

const LIMITS = maxLengths(recruitmentBody);

const FIELDS = [
  'title',
  'position',
  'type',
  'status',
  'location',
  'salaryMin',
  'salaryMax',
  'salaryText',
  'quantity',
  'description',
  'requirements',
  'benefits',
  'deadline',
] as const;

function emptyValues(): FormValues {
  return {
    title: '',
    position: '',
    type: 'FULL_TIME',
    status: 'OPEN',
    location: '',
    salaryMin: null,
    salaryMax: null,
    salaryText: '',
    quantity: 1,
    description: '',
    requirements: '',
    benefits: '',
    deadline: vnDayKey(Date.now() + 30 * 86_400_000),
  };
}

function toValues(p: RecruitmentView): FormValues {
  return {
    title: p.title,
    position: p.position,
    type: p.type,
    status: p.status,
    location: p.location,
    salaryMin: p.salaryMin,
    salaryMax: p.salaryMax,
    salaryText: p.salaryText,
    quantity: p.quantity,
    description: p.description,
    requirements: p.requirements,
    benefits: p.benefits,
    deadline: p.deadline,
  };
}

/**
 * Add or edit a posting in a modal dialog: every field of the contract, the deadline as a date, the
 * salary range with NumberField. `posting` undefined = closed, null = add, a posting = edit.
 */
export function PostingFormDialog({
  posting,
  onClose,
}: {
  posting: RecruitmentView | null | undefined;
  onClose: () => void;
}) {
  const open = posting !== undefined;
  const isEdit = Boolean(posting);
  const ref = useRef<HTMLDialogElement>(null);
  const save = useSavePosting(posting ? posting.recruitmentId : null);
  const { statuses: statusOptions, types: typeOptions } = useRecruitmentOptions();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormValues>({
    resolver: zodResolver(recruitmentBody) as unknown as Resolver<FormValues>,
    defaultValues: emptyValues(),
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      reset(posting ? toValues(posting) : emptyValues());
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open) dialog.close();
  }, [open, posting, reset]);

  const submit = handleSubmit((v) => {
    save.mutate(
      { ...v, quantity: v.quantity ?? 0 },
      {
        onSuccess: (saved) => {
          toast.success(isEdit ? 'Đã cập nhật tin tuyển dụng' : `Đã thêm tin "${saved.title}"`);
          onClose();
        },
        onError: (err) => {
          if (!applyServerErrors(err, setError, FIELDS)) toast.error(errorMessage(err));
        },
      },
    );
  });

  const title = isEdit ? 'Sửa tin tuyển dụng' : 'Thêm tin tuyển dụng';

  return (
    <dialog
      ref={ref}
      aria-labelledby="posting-form-title"
      onCancel={(e) => {
        e.preventDefault();
        if (!save.isPending) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-3xl rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {open ? (
        <form noValidate onSubmit={submit} className="flex max-h-[calc(100dvh-1rem)] flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <h2 id="posting-form-title" className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <IconButton label="Đóng" onClick={onClose} disabled={save.isPending}>
              <X className="size-5" aria-hidden="true" />
            </IconButton>
          </div>
          <div className="grid flex-1 gap-4 overflow-y-auto px-5 py-4 sm:grid-cols-2">
            <FormField
              label="Tiêu đề"
              htmlFor="post-title"
              error={errors.title?.message}
              required
              className="sm:col-span-2"
            >
              <Input id="post-title" maxLength={LIMITS.title} {...register('title')} />
            </FormField>
            <FormField label="Vị trí" htmlFor="post-position" error={errors.position?.message} required>
              <Input id="post-position" maxLength={LIMITS.position} {...register('position')} />
            </FormField>
            <FormField label="Nơi làm việc" htmlFor="post-location" error={errors.location?.message} required>
              <Input id="post-location" maxLength={LIMITS.location} {...register('location')} />
            </FormField>
            <SelectField
              label="Loại công việc"
              id="post-type"
              error={errors.type?.message}
              required
              options={typeOptions}
              {...register('type')}
            />
            <SelectField
              label="Trạng thái"
              id="post-status"
              error={errors.status?.message}
              required
              options={statusOptions}
              {...register('status')}
            />
            <NumberField
              control={control}
              name="salaryMin"
              label="Lương tối thiểu"
              id="post-salary-min"
              error={errors.salaryMin?.message}
              suffix="VNĐ"
            />
            <NumberField
              control={control}
              name="salaryMax"
              label="Lương tối đa"
              id="post-salary-max"
              error={errors.salaryMax?.message}
              suffix="VNĐ"
            />
            <FormField
              label="Mức lương hiển thị (tùy chọn)"
              htmlFor="post-salary-text"
              error={errors.salaryText?.message}
              hint="Ví dụ 'Thỏa thuận'. Để trống sẽ hiện theo khoảng lương."
            >
              <Input id="post-salary-text" maxLength={LIMITS.salaryText} {...register('salaryText')} />
            </FormField>
            <div className="grid grid-cols-2 gap-4">
              <NumberField
                control={control}
                name="quantity"
                label="Số lượng"
                id="post-quantity"
                error={errors.quantity?.message}
                required
              />
              <FormField
                label="Hạn nộp hồ sơ"
                htmlFor="post-deadline"
                error={errors.deadline?.message}
                required
              >
                <Controller
                  control={control}
                  name="deadline"
                  render={({ field }) => (
                    <DateInput
                      id="post-deadline"
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      aria-invalid={errors.deadline ? true : undefined}
                    />
                  )}
                />
              </FormField>
            </div>
            <FormField
              label="Mô tả công việc"
              htmlFor="post-description"
              error={errors.description?.message}
              hint="Mỗi dòng là một ý."
              required
              className="sm:col-span-2"
            >
              <CountedTextarea
                id="post-description"
                rows={4}
                maxLength={LIMITS.description}
                {...register('description')}
              />
            </FormField>
            <FormField
              label="Yêu cầu"
              htmlFor="post-requirements"
              error={errors.requirements?.message}
              required
              className="sm:col-span-2"
            >
              <CountedTextarea
                id="post-requirements"
                rows={4}
                maxLength={LIMITS.requirements}
                {...register('requirements')}
              />
            </FormField>
            <FormField
              label="Quyền lợi"
              htmlFor="post-benefits"
              error={errors.benefits?.message}
              className="sm:col-span-2"
            >
              <CountedTextarea
                id="post-benefits"
                rows={4}
                maxLength={LIMITS.benefits}
                {...register('benefits')}
              />
            </FormField>
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
              Hủy
            </Button>
            <Button type="submit" loading={save.isPending}>
              {isEdit ? 'Lưu thay đổi' : 'Thêm tin tuyển dụng'}
            </Button>
          </div>
          <UnsavedChangesDialog dirty={isDirty && !save.isPending} />
        </form>
      ) : null}
    </dialog>
  );
}
