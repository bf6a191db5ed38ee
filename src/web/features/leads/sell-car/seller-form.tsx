import type { ApiErrorBody } from '@contract/common';
import { vnDayKey } from '@contract/format';
import type { LeadReceipt } from '@contract/leads';
import { useMutation } from '@tanstack/react-query';
import { ImagePlus, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { DateInput } from '../../../components/date-input';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { ZaloConsentBox } from '../../../components/zalo-consent-box';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { RequestKey } from '../../../lib/request-id';
import { visitSource } from '../../../lib/visit-source';
import { FormSection, Honeypot } from '../components/form-parts';
import { carPayload, type SellerCar } from './car-valuation';

/** The limits the server applies (contract MAX_PURCHASE_PHOTOS, MAX_PURCHASE_PHOTO_BYTES), checked first here. */
const MAX_PHOTOS = 10;
const MAX_BYTES = 8 * 1024 * 1024;
const TYPES = /^image\/(jpeg|png|webp|heic|heif)$/;

interface Photo {
  file: File;
  url: string;
}

function inDays(n: number) {
  return vnDayKey(new Date(Date.now() + n * 86_400_000));
}

/**
 * The seller's contact, photos and preferred inspection day; sends the car with them as a PURCHASE
 * lead (POST /api/purchases, multipart). `carId` makes it a trade-in for that car.
 */
export function SellerForm({
  car,
  carId,
  onDone,
  submitLabel = 'Gửi thông tin bán xe',
}: {
  car: SellerCar;
  carId?: number;
  onDone: (receipt: LeadReceipt) => void;
  submitLabel?: string;
}) {
  const ids = useId();
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [zaloConsent, setZaloConsent] = useState(false);
  const [email, setEmail] = useState('');
  const [preferredDate, setPreferredDate] = useState('');
  const [note, setNote] = useState('');
  const [website, setWebsite] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [requestKey] = useState(() => new RequestKey());
  // Previews are released when the form goes away (a removed one at once, below).
  const shown = useRef<Photo[]>([]);
  shown.current = photos;
  useEffect(
    () => () => {
      for (const p of shown.current) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const send = useMutation({
    mutationFn: (form: FormData) => api<LeadReceipt>('purchases', { method: 'POST', body: form }),
    onSuccess: onDone,
    onError: (err) => {
      const body = err instanceof ApiError ? (err.data as ApiErrorBody | undefined) : undefined;
      if (body?.errors) setErrors(body.errors);
    },
  });

  function addPhotos(files: FileList | null) {
    if (!files) return;
    const next = [...photos];
    let problem: string | null = null;
    for (const file of Array.from(files)) {
      if (next.length >= MAX_PHOTOS) {
        problem = `Chỉ gửi được tối đa ${MAX_PHOTOS} ảnh`;
        break;
      }
      if (!TYPES.test(file.type)) problem = `"${file.name}" không phải ảnh JPEG, PNG, WebP hoặc HEIC`;
      else if (file.size > MAX_BYTES) problem = `Ảnh "${file.name}" lớn hơn 8 MB`;
      else next.push({ file, url: URL.createObjectURL(file) });
    }
    setPhotos(next);
    setPhotoError(problem);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!fullName.trim()) missing.fullName = 'Vui lòng nhập họ và tên';
    if (!phone.trim()) missing.phone = 'Vui lòng nhập số điện thoại';
    if (!preferredDate) missing.preferredDate = 'Vui lòng chọn ngày';
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(`${ids}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    const { odo, ...rest } = carPayload(car);
    const body = {
      ...rest,
      odometer: odo,
      fullName,
      phone,
      email,
      preferredDate,
      note,
      carId,
      website,
      source: visitSource(),
    };
    const form = new FormData();
    form.append('purchase', JSON.stringify({ ...body, zaloConsent, clientRequestId: requestKey.for(body) }));
    for (const p of photos) form.append('photos', p.file, p.file.name);
    send.mutate(form);
  }

  const generalError =
    send.isError && !(send.error instanceof ApiError && (send.error.data as ApiErrorBody)?.errors)
      ? errorMessage(send.error)
      : Object.keys(errors).some((k) => !['fullName', 'phone', 'email', 'preferredDate', 'note'].includes(k))
        ? Object.entries(errors).find(
            ([k]) => !['fullName', 'phone', 'email', 'preferredDate', 'note'].includes(k),
          )?.[1]
        : null;

  return (
    <form noValidate onSubmit={submit} className="relative space-y-6" aria-label="Thông tin người bán">
      <FormSection title="Thông tin liên hệ">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Họ và tên" htmlFor={`${ids}-fullName`} required error={errors.fullName}>
            <Input
              id={`${ids}-fullName`}
              autoComplete="name"
              value={fullName}
              maxLength={100}
              onChange={(e) => setFullName(e.target.value)}
            />
          </FormField>
          <FormField label="Số điện thoại" htmlFor={`${ids}-phone`} required error={errors.phone}>
            <Input
              id={`${ids}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </FormField>
          <FormField
            label="Email"
            htmlFor={`${ids}-email`}
            hint="Không bắt buộc: showroom gửi xác nhận và báo giá qua email"
            error={errors.email}
          >
            <Input
              id={`${ids}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <ZaloConsentBox
            id={`${ids}-zalo`}
            checked={zaloConsent}
            onChange={(e) => setZaloConsent(e.target.checked)}
          />
          <FormField
            label="Ngày hẹn kiểm tra xe"
            htmlFor={`${ids}-preferredDate`}
            required
            hint="dd/mm/yyyy, trong 60 ngày tới"
            error={errors.preferredDate}
          >
            <DateInput
              id={`${ids}-preferredDate`}
              value={preferredDate}
              min={inDays(0)}
              max={inDays(60)}
              onChange={setPreferredDate}
            />
          </FormField>
        </div>
        <FormField label="Ghi chú" htmlFor={`${ids}-note`} hint="Không bắt buộc" error={errors.note}>
          <Input id={`${ids}-note`} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </FormSection>
      <FormSection title={`Ảnh xe (tối đa ${MAX_PHOTOS} ảnh)`}>
        <p className="text-sm text-slate-600">
          Ảnh bên ngoài, nội thất và đồng hồ km giúp showroom báo giá sát hơn.
        </p>
        {photos.length ? (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Ảnh đã chọn">
            {photos.map((p, i) => (
              <li key={p.url} className="relative">
                <img
                  src={p.url}
                  alt={`Ảnh ${i + 1}`}
                  className="aspect-[4/3] w-full rounded-md object-cover"
                />
                <button
                  type="button"
                  className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-full bg-black/60 text-white"
                  aria-label={`Bỏ ảnh ${i + 1}`}
                  onClick={() => {
                    URL.revokeObjectURL(p.url);
                    setPhotos(photos.filter((x) => x !== p));
                  }}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {photos.length < MAX_PHOTOS ? (
          <label
            htmlFor={`${ids}-photos`}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-3 text-sm font-medium text-slate-700 hover:border-brand-500"
          >
            <ImagePlus className="size-5" aria-hidden="true" />
            Chọn ảnh xe ({photos.length}/{MAX_PHOTOS})
            <input
              id={`${ids}-photos`}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              multiple
              className="sr-only"
              onChange={(e) => {
                addPhotos(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        ) : null}
        {photoError ? (
          <p className="text-sm text-red-700" role="alert">
            {photoError}
          </p>
        ) : null}
      </FormSection>
      <Honeypot value={website} onChange={(e) => setWebsite(e.target.value)} />
      <FormAlert>{generalError}</FormAlert>
      <Button type="submit" loading={send.isPending} className="w-full sm:w-auto">
        <Send className="size-4" aria-hidden="true" />
        {submitLabel}
      </Button>
    </form>
  );
}
