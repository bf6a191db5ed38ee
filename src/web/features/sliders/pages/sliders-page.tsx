import type { SliderView } from '@contract/sliders';
import { Eye, EyeOff, ImagePlus, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { buttonClass, IconButton, iconButtonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { useAdminSliders, useSetSliderActive } from '../api';

const PAGE_SIZE = 5;

/** /dashboard/sliders: banners with thumbnail, order, state; show / hide, edit (MANAGE_OVERVIEW). */
export default function SlidersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const { data, isPending, isError, error, isPlaceholderData } = useAdminSliders({
    page,
    size: PAGE_SIZE,
    search,
  });
  const setActive = useSetSliderActive();
  const [target, setTarget] = useState<SliderView | null>(null);

  const update = (next: { page?: number; search?: string }) => {
    const p = new URLSearchParams(params);
    if (next.search !== undefined) {
      if (next.search) p.set('search', next.search);
      else p.delete('search');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p, { replace: next.search !== undefined });
  };

  function confirmToggle() {
    if (!target) return;
    const active = !target.active;
    setActive.mutate(
      { id: target.overviewId, active },
      {
        onSuccess: () => {
          toast.success(active ? 'Đã hiện banner trên trang chủ' : 'Đã ẩn banner khỏi trang chủ');
          setTarget(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err));
          setTarget(null);
        },
      },
    );
  }

  const columns: Column<SliderView>[] = [
    {
      key: 'image',
      header: 'Ảnh',
      mobile: 'hidden',
      className: 'w-36',
      cell: (s) =>
        s.image ? (
          <img
            src={s.image.urls[480]}
            alt={s.title}
            width={128}
            height={51}
            loading="lazy"
            className="aspect-[5/2] w-32 rounded-md object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    {
      key: 'title',
      header: 'Tiêu đề',
      mobile: 'title',
      cell: (s) => (
        <div className="flex min-w-48 items-start gap-3">
          {s.image ? (
            <img
              src={s.image.urls[480]}
              alt={s.title}
              width={96}
              height={38}
              loading="lazy"
              className="aspect-[5/2] w-24 shrink-0 rounded object-cover ring-1 ring-slate-200 md:hidden"
            />
          ) : null}
          <div className="min-w-0">
            <p className="line-clamp-2 font-medium text-slate-900">{s.title}</p>
            {s.subtitle ? <p className="line-clamp-1 text-xs text-slate-500">{s.subtitle}</p> : null}
          </div>
        </div>
      ),
    },
    {
      key: 'link',
      header: 'Liên kết',
      cell: (s) =>
        s.link ? (
          <span className="break-all text-xs text-slate-600">
            {s.link}
            {s.buttonText ? <span className="block text-slate-400">Nút: {s.buttonText}</span> : null}
          </span>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    { key: 'order', header: 'Thứ tự', className: 'text-center tabular-nums', cell: (s) => s.order },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (s) => (s.active ? <Badge tone="success">Đang hiện</Badge> : <Badge>Đã ẩn</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (s) => (
        <div className="flex justify-end gap-1">
          <Link
            to={`/dashboard/sliders/${s.overviewId}`}
            className={iconButtonClass}
            aria-label={`Sửa banner ${s.title}`}
            title="Sửa"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          {s.active ? (
            <IconButton
              label={`Ẩn banner ${s.title}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={() => setTarget(s)}
            >
              <EyeOff className="size-4" aria-hidden="true" />
            </IconButton>
          ) : (
            <IconButton
              label={`Hiện banner ${s.title}`}
              className="text-emerald-600 hover:bg-emerald-50 hover:text-emerald-700"
              onClick={() => setTarget(s)}
            >
              <Eye className="size-4" aria-hidden="true" />
            </IconButton>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Quản lý banner"
        description={data ? `${data.totalElements} banner` : 'Ảnh lớn chạy trên đầu trang chủ'}
        actions={
          <Link to="/dashboard/sliders/add" className={buttonClass('primary')}>
            <ImagePlus className="size-4" aria-hidden="true" />
            Thêm banner
          </Link>
        }
      />
      <div className="mb-4 max-w-md">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tiêu đề, mô tả, liên kết..."
          label="Tìm banner"
        />
      </div>
      {isError ? (
        <div
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(error)}
        </div>
      ) : (
        <DataTable
          caption="Danh sách banner"
          columns={columns}
          rows={data?.content}
          rowKey={(s) => s.overviewId}
          loading={isPending}
          className={isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={search ? 'Không tìm thấy banner phù hợp' : 'Chưa có banner nào'}
              description={search ? 'Thử lại với từ khóa khác.' : 'Thêm banner đầu tiên cho trang chủ.'}
            />
          }
        />
      )}
      <Pagination
        className="mt-4"
        page={page}
        totalPages={data?.totalPages ?? 0}
        onChange={(p) => update({ page: p })}
      />
      <ConfirmDialog
        open={target !== null}
        title={target?.active ? 'Ẩn banner?' : 'Hiện banner?'}
        message={
          target?.active
            ? `"${target.title}" sẽ không còn hiển thị trên trang chủ.`
            : `"${target?.title}" sẽ hiển thị lại trên trang chủ.`
        }
        confirmLabel={target?.active ? 'Ẩn banner' : 'Hiện banner'}
        tone={target?.active ? 'danger' : 'primary'}
        loading={setActive.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
