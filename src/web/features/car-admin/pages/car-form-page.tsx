import { belowTrueCost } from '@contract/car-cost-ledger';
import type { CarData } from '@contract/cars';
import { formatPrice } from '@contract/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-field';
import { MissingRecord } from '../../../components/missing-record';
import { PageHeader } from '../../../components/page-header';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { CostsTab, useCarCosts } from '../../car-costs';
import { CarRecordsTab, OdometerFlag } from '../../car-records';
import { InspectionEditor } from '../../inspections';
import { WorkItems } from '../../recon';
import { SaleDialog, type SaleTarget } from '../../sales';
import { useAdminCar, useCreateCar, useInventoryOptions, useUpdateCar } from '../api';
import { CarFormHeader } from '../components/car-form-header';
import { CarFormTabs, SaveFirst, TabPanel, useCarFormTab } from '../components/car-form-tabs';
import { CarSaleFields } from '../components/car-sale-fields';
import { CarSpecFields } from '../components/car-spec-fields';
import { Section } from '../components/form-section';
import { PhotoManager, ProgressBar } from '../components/photo-manager';
import { SavedPhotos } from '../components/saved-photos';
import { useLocalPhotos } from '../components/use-local-photos';
import { type CarFormValues, carFormSchema, EMPTY_CAR, toFormValues } from '../form-schema';
import { draftValues, PurchaseOriginBanner, useBuyCar, usePurchaseDraft } from '../purchase-origin';

const resolver = zodResolver(carFormSchema) as unknown as Resolver<CarFormValues>;

/**
 * /dashboard/car/add and /dashboard/car/edit/:carId, in tabs (?tab=): "Thông tin" and "Ảnh" are one form
 * validated with the contract's carInput; "Kiểm định" and "Giấy tờ & lịch sử" save on their own and need
 * a saved car.
 */
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
  const [tab, setTab] = useCarFormTab();
  // ?purchase=<lead>: a car bought from a seller ("Đã mua" in the buy-in's drawer), prefilled from the lead.
  const [search] = useSearchParams();
  const purchaseParam = Number(search.get('purchase'));
  const purchaseId = !isEdit && Number.isInteger(purchaseParam) && purchaseParam > 0 ? purchaseParam : null;
  const draft = usePurchaseDraft(purchaseId);
  const buy = useBuyCar(purchaseId);
  const costs = useCarCosts(id, isEdit);
  // A price below the car's true cost (for a car being bought: below what is paid for it) is saved only
  // once confirmed.
  const [belowCost, setBelowCost] = useState<{ values: CarFormValues; trueCost: number } | null>(null);

  const form = useForm<CarFormValues>({ resolver, defaultValues: EMPTY_CAR });
  const {
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { isDirty },
  } = form;

  useEffect(() => {
    if (car.data) reset(toFormValues(car.data));
  }, [car.data, reset]);
  useEffect(() => {
    if (draft.data) reset(draftValues(draft.data));
  }, [draft.data, reset]);

  const saving = create.isPending || update.isPending || buy.isPending;
  const mutationError = create.error ?? update.error ?? buy.error ?? draft.error;

  const fieldErrors = (err: unknown) => {
    const map =
      err instanceof ApiError ? (err.data as { errors?: Record<string, string> })?.errors : undefined;
    const keys = Object.keys(map ?? {}).filter((k) => k in EMPTY_CAR);
    if (keys.length) setTab('thong-tin');
    for (const k of keys) setError(k as keyof CarFormValues, { message: map?.[k] }, { shouldFocus: true });
  };

  // A mistake is always in "Thông tin": open it, then put the cursor on the first field named.
  const showInvalid = (errs: Partial<Record<keyof CarFormValues, unknown>>) => {
    setTab('thong-tin');
    const first = Object.keys(errs)[0] as keyof CarFormValues | undefined;
    if (first) setTimeout(() => setFocus(first), 0);
  };

  const submit = handleSubmit((values) => {
    // Without a purchase price the ledger's sum is no cost to compare with.
    const known = costs.data?.purchasePrice != null ? costs.data.trueCost : null;
    const trueCost = known ?? draft.data?.purchasePrice ?? null;
    const priceChanged = !isEdit || values.sellPrice !== car.data?.sellPrice;
    if (priceChanged && trueCost !== null && belowTrueCost(values.sellPrice, trueCost))
      return setBelowCost({ values, trueCost });
    save(values);
  }, showInvalid);

  const save = (values: CarFormValues) => {
    const data = values as unknown as CarData;
    if (purchaseId !== null) {
      setProgress(0);
      buy.mutate(
        { car: data, files: local.photos.map((p) => p.file), onProgress: setProgress },
        {
          onSuccess: (saved) => {
            toast.success(`Đã nhập kho xe ${saved.carName} (đã mua)`);
            navigate(`/dashboard/car/edit/${saved.carId}`);
          },
          onError: fieldErrors,
          onSettled: () => setProgress(null),
        },
      );
    } else if (!isEdit) {
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
  };

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
  const formTab = tab === 'thong-tin' || tab === 'anh';

  return (
    <>
      <CarFormHeader
        title={title}
        saved={saved}
        back={back}
        onSell={(c) => setSale({ carId: c.carId, carName: c.carName, sellPrice: c.sellPrice })}
      />
      {datalists}
      <div className="space-y-4 pb-24">
        <OdometerFlag carId={saved ? saved.carId : null} />
        {draft.data ? <PurchaseOriginBanner draft={draft.data} /> : null}
        <CarFormTabs active={tab} onSelect={setTab} />
        <form onSubmit={submit} noValidate className="space-y-5">
          <FormAlert>{mutationError ? errorMessage(mutationError) : null}</FormAlert>
          <TabPanel tab="thong-tin" active={tab}>
            <CarSpecFields form={form} brandList={brandList} />
            <CarSaleFields form={form} extList={extList} intList={intList} sold={sold} carId={saved?.carId} />
          </TabPanel>
          <TabPanel tab="anh" active={tab}>
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
          </TabPanel>
          <div
            hidden={!formTab}
            className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
          >
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
        <TabPanel tab="kiem-dinh" active={tab}>
          {/* Mounted only while open: the editor loads the template and the report, 176 items and more. */}
          {!saved ? (
            <SaveFirst what="Báo cáo kiểm định" />
          ) : tab === 'kiem-dinh' ? (
            <InspectionEditor carId={saved.carId} />
          ) : null}
        </TabPanel>
        <TabPanel tab="giay-to" active={tab}>
          {saved ? <CarRecordsTab carId={saved.carId} /> : <SaveFirst what="Giấy tờ và lịch sử bảo dưỡng" />}
        </TabPanel>
        <TabPanel tab="sua-chua" active={tab}>
          {!saved ? (
            <SaveFirst what="Hạng mục sửa chữa" />
          ) : tab === 'sua-chua' ? (
            <WorkItems carId={saved.carId} closed={sold} />
          ) : null}
        </TabPanel>
        <TabPanel tab="chi-phi" active={tab}>
          {saved ? <CostsTab carId={saved.carId} /> : <SaveFirst what="Chi phí của xe" />}
        </TabPanel>
      </div>
      <SaleDialog car={sale} onClose={() => setSale(null)} />
      <ConfirmDialog
        open={belowCost !== null}
        title="Giá bán thấp hơn giá vốn thực"
        message={
          belowCost
            ? `Giá bán ${formatPrice(belowCost.values.sellPrice)} thấp hơn giá vốn thực ${formatPrice(belowCost.trueCost)} của xe: bán ở giá này lỗ ${formatPrice(belowCost.trueCost - (belowCost.values.sellPrice ?? 0))}. Vẫn lưu giá này?`
            : undefined
        }
        confirmLabel="Vẫn lưu giá này"
        onCancel={() => setBelowCost(null)}
        onConfirm={() => {
          if (belowCost) save(belowCost.values);
          setBelowCost(null);
        }}
      />
    </>
  );
}
