import { maxLengths } from '@contract/limits';
import { type CandidateBody, CV_ACCEPT, CV_MAX_BYTES, candidateBody } from '@contract/recruitment';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, FileText, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { applyServerErrors } from '../../../lib/form-errors';
import { useApply } from '../api';
import { formatBytes } from '../labels';

/**
 * The CV check the server also makes: PDF or DOCX by content (a PDF starts with %PDF-, a DOCX is a ZIP),
 * the extension too, at most 5 MB.
 */
export async function cvFileError(file: File): Promise<string | null> {
  if (file.size > CV_MAX_BYTES) return 'CV vượt quá dung lượng tối đa 5 MB';
  if (file.size === 0) return 'Tệp CV trống';
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (ext !== 'pdf' && ext !== 'docx') return 'CV phải là tệp PDF hoặc Word (.docx)';
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  const isPdf = String.fromCharCode(...head) === '%PDF-';
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if ((ext === 'pdf' && !isPdf) || (ext === 'docx' && !isZip)) return 'CV phải là tệp PDF hoặc Word (.docx)';
  return null;
}

const EMPTY: CandidateBody = { fullName: '', phone: '', email: '', letter: '' };

/** The contract's text limits, as the fields' `maxlength`. */
const LIMITS = maxLengths(candidateBody);

/** The application form of a posting: name, phone, e-mail, a short letter and the CV; a clear success state. */
export function ApplyForm({
  recruitmentId,
  title,
  onDone,
}: {
  recruitmentId: number;
  title: string;
  onDone?: () => void;
}) {
  const apply = useApply(recruitmentId);
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CandidateBody>({
    resolver: zodResolver(candidateBody) as unknown as Resolver<CandidateBody>,
    defaultValues: EMPTY,
  });

  async function pick(file: File | null) {
    setFailure(null);
    if (!file) return;
    const problem = await cvFileError(file);
    setCvError(problem);
    setCv(problem ? null : file);
  }

  const submit = handleSubmit(
    (values) => {
      if (!cv) {
        setCvError(cvError ?? 'Vui lòng đính kèm CV (PDF hoặc .docx)');
        return;
      }
      setFailure(null);
      setProgress(0);
      apply.mutate(
        { candidate: values, cv, onProgress: setProgress },
        {
          onSuccess: (receipt) => {
            setDone(receipt.message);
            reset(EMPTY);
            setCv(null);
          },
          onError: (err) => {
            if (!applyServerErrors(err, setError, ['fullName', 'phone', 'email', 'letter']))
              setFailure(errorMessage(err));
          },
          onSettled: () => setProgress(null),
        },
      );
    },
    () => {
      if (!cv) setCvError(cvError ?? 'Vui lòng đính kèm CV (PDF hoặc .docx)');
    },
  );

  if (done) {
    return (
      <div className="rounded-2xl bg-emerald-50 p-6 text-center ring-1 ring-emerald-200" role="status">
        <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold text-emerald-900">Ứng tuyển thành công!</p>
        <p className="mt-1 text-sm text-emerald-800">{done}</p>
        <p className="mt-1 text-sm text-emerald-800">
          Vị trí: <strong>{title}</strong>
        </p>
        <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
          {onDone ? (
            <Button variant="secondary" onClick={onDone}>
              Xem vị trí khác
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => setDone(null)}>
            Gửi thêm hồ sơ khác
          </Button>
        </div>
      </div>
    );
  }

  const idp = `apply-${recruitmentId}`;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Ứng tuyển: ${title}`}>
      <FormAlert>{failure}</FormAlert>
      <FormField label="Họ và tên" htmlFor={`${idp}-name`} error={errors.fullName?.message} required>
        <Input id={`${idp}-name`} autoComplete="name" maxLength={LIMITS.fullName} {...register('fullName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Số điện thoại" htmlFor={`${idp}-phone`} error={errors.phone?.message} required>
          <Input id={`${idp}-phone`} type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label="Email" htmlFor={`${idp}-email`} error={errors.email?.message} required>
          <Input
            id={`${idp}-email`}
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            {...register('email')}
          />
        </FormField>
      </div>
      <FormField
        label="Thư giới thiệu"
        htmlFor={`${idp}-letter`}
        error={errors.letter?.message}
        hint="Vài dòng về kinh nghiệm và lý do bạn phù hợp (không bắt buộc)."
      >
        <CountedTextarea id={`${idp}-letter`} rows={4} maxLength={LIMITS.letter} {...register('letter')} />
      </FormField>

      <div className="space-y-1.5">
        <div className="flex items-baseline gap-0.5">
          <label htmlFor={`${idp}-cv`} className="block text-sm font-medium text-slate-700">
            CV của bạn
          </label>
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        </div>
        <input
          ref={fileInput}
          id={`${idp}-cv`}
          type="file"
          accept={CV_ACCEPT}
          className="sr-only"
          required
          aria-invalid={cvError ? true : undefined}
          aria-describedby={cvError ? `${idp}-cv-error` : `${idp}-cv-hint`}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            e.target.value = '';
            void pick(f);
          }}
        />
        {cv ? (
          <div className="flex items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2">
            <FileText className="size-6 shrink-0 text-brand-600" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-800">{cv.name}</p>
              <p className="text-xs text-slate-500">{formatBytes(cv.size)}</p>
            </div>
            <button
              type="button"
              onClick={() => setCv(null)}
              className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200 hover:text-slate-800"
              aria-label="Bỏ tệp CV"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className={cx(
              'flex min-h-20 w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-3 text-sm text-slate-600 hover:border-brand-300 hover:bg-brand-50/40 hover:text-brand-700',
              cvError ? 'border-red-400' : 'border-slate-300',
            )}
          >
            <Upload className="size-5" aria-hidden="true" />
            <span className="font-medium">Chọn tệp CV</span>
          </button>
        )}
        {cvError ? (
          <p id={`${idp}-cv-error`} className="text-sm text-red-600" role="alert">
            {cvError}
          </p>
        ) : (
          <p id={`${idp}-cv-hint`} className="text-xs text-slate-500">
            PDF hoặc Word (.docx), tối đa 5 MB.
          </p>
        )}
      </div>

      {progress !== null ? (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Tiến độ gửi hồ sơ"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress * 100}%` }} />
        </div>
      ) : null}
      <Button type="submit" loading={apply.isPending} className="w-full min-h-12 text-base">
        {apply.isPending ? 'Đang gửi...' : 'Nộp hồ sơ'}
      </Button>
      <p className="text-center text-xs text-slate-500">
        Thông tin của bạn chỉ dùng cho việc tuyển dụng và không chia sẻ cho bên thứ ba.
      </p>
    </form>
  );
}
