import type { BlogSummary } from '@contract/blogs';
import { formatDate, formatThousands } from '@contract/format';
import { ExternalLink, Eye, EyeOff, FilePlus2, Pencil } from 'lucide-react';
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
import { useAdminBlogs, useSetBlogActive } from '../api';

const PAGE_SIZE = 5;

/** /dashboard/blogs: posts (hidden ones too), searchable, paged; show / hide, edit (MANAGE_BLOG). */
export default function AdminBlogsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const { data, isPending, isError, error, isPlaceholderData } = useAdminBlogs({
    page,
    size: PAGE_SIZE,
    search,
  });
  const setActive = useSetBlogActive();
  const [target, setTarget] = useState<BlogSummary | null>(null);

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
      { id: target.blogId, active },
      {
        onSuccess: () => {
          toast.success(active ? 'Đã hiện bài viết' : 'Đã ẩn bài viết');
          setTarget(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err));
          setTarget(null);
        },
      },
    );
  }

  const columns: Column<BlogSummary>[] = [
    {
      key: 'title',
      header: 'Bài viết',
      mobile: 'title',
      cell: (b) => (
        <div className="flex min-w-56 items-center gap-3">
          {b.image ? (
            <img
              src={b.image.urls[480]}
              alt={b.title}
              width={80}
              height={45}
              loading="lazy"
              className="aspect-video w-20 shrink-0 rounded object-cover ring-1 ring-slate-200"
            />
          ) : (
            <span className="aspect-video w-20 shrink-0 rounded bg-slate-100" aria-hidden="true" />
          )}
          <div className="min-w-0">
            <p className="line-clamp-2 font-medium text-slate-900">{b.title}</p>
            <p className="text-xs text-slate-500">{b.categoryLabel}</p>
          </div>
        </div>
      ),
    },
    {
      key: 'author',
      header: 'Tác giả',
      cell: (b) => b.authorName || <span className="text-slate-400">—</span>,
    },
    {
      key: 'published',
      header: 'Ngày đăng',
      className: 'whitespace-nowrap',
      cell: (b) =>
        b.publishedAt ? formatDate(b.publishedAt) : <span className="text-slate-400">Chưa đăng</span>,
    },
    {
      key: 'views',
      header: 'Lượt xem',
      className: 'text-right tabular-nums',
      cell: (b) => formatThousands(b.viewCount) || '0',
    },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (b) => (b.active ? <Badge tone="success">Đang hiện</Badge> : <Badge>Đã ẩn</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (b) => (
        <div className="flex justify-end gap-1">
          {b.active ? (
            <a
              href={`/blogs/${b.blogId}`}
              target="_blank"
              rel="noopener"
              className={iconButtonClass}
              aria-label={`Xem trên website: ${b.title}`}
              title="Xem trên website"
            >
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          ) : null}
          <Link
            to={`/dashboard/blogs/${b.blogId}`}
            className={iconButtonClass}
            aria-label={`Sửa bài viết ${b.title}`}
            title="Sửa"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          {b.active ? (
            <IconButton
              label={`Ẩn bài viết ${b.title}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={() => setTarget(b)}
            >
              <EyeOff className="size-4" aria-hidden="true" />
            </IconButton>
          ) : (
            <IconButton
              label={`Hiện bài viết ${b.title}`}
              className="text-emerald-600 hover:bg-emerald-50 hover:text-emerald-700"
              onClick={() => setTarget(b)}
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
        title="Quản lý tin tức"
        description={data ? `${data.totalElements} bài viết` : 'Bài viết trên trang Tin tức'}
        actions={
          <Link to="/dashboard/blogs/add" className={buttonClass('primary')}>
            <FilePlus2 className="size-4" aria-hidden="true" />
            Thêm bài viết
          </Link>
        }
      />
      <div className="mb-4 max-w-md">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tiêu đề, tóm tắt..."
          label="Tìm bài viết"
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
          caption="Danh sách bài viết"
          columns={columns}
          rows={data?.content}
          rowKey={(b) => b.blogId}
          loading={isPending}
          className={isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={search ? 'Không tìm thấy bài viết phù hợp' : 'Chưa có bài viết nào'}
              description={search ? 'Thử lại với từ khóa khác.' : undefined}
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
        title={target?.active ? 'Ẩn bài viết?' : 'Hiện bài viết?'}
        message={
          target?.active
            ? `"${target.title}" sẽ không còn hiển thị trên website.`
            : `"${target?.title}" sẽ hiển thị trên trang Tin tức.`
        }
        confirmLabel={target?.active ? 'Ẩn bài viết' : 'Hiện bài viết'}
        tone={target?.active ? 'danger' : 'primary'}
        loading={setActive.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
