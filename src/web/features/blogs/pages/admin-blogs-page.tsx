import type { BlogSummary } from '@contract/blogs';
import { formatDate, formatThousands } from '@contract/format';
import { ExternalLink, Eye, EyeOff, FilePlus2, Pencil } from 'lucide-react';
import { Badge } from '../../../components/badge';
import { iconButtonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/data-table';
import { ListAddLink, ListEmpty, ListPage } from '../../../components/list-page';
import { actionsColumn, RowLink, ToggleRowButton } from '../../../components/row-actions';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { useSearchList } from '../../../lib/use-list-params';
import { useAdminBlogs, useSetBlogActive } from '../api';

/** /dashboard/blogs: posts (hidden ones too), searchable, paged; show / hide, edit (MANAGE_BLOG). */
export default function AdminBlogsPage() {
  const { list, search, query, data } = useSearchList('blogs', useAdminBlogs);
  const toggle = useConfirmAction(
    useSetBlogActive(),
    (b: BlogSummary) => ({ id: b.blogId, active: !b.active }),
    (b) => (b.active ? 'Đã ẩn bài viết' : 'Đã hiện bài viết'),
  );
  const target = toggle.target;

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
    actionsColumn((b) => (
      <>
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
        <RowLink
          to={`/dashboard/blogs/${b.blogId}`}
          label={`Sửa bài viết ${b.title}`}
          title="Sửa"
          icon={Pencil}
        />
        <ToggleRowButton
          isOn={b.active}
          off={{ label: `Ẩn bài viết ${b.title}`, icon: EyeOff }}
          on={{ label: `Hiện bài viết ${b.title}`, icon: Eye }}
          onClick={() => toggle.ask(b)}
        />
      </>
    )),
  ];

  return (
    <ListPage
      title="Quản lý tin tức"
      description={data ? `${data.totalElements} bài viết` : 'Bài viết trên trang Tin tức'}
      actions={<ListAddLink to="/dashboard/blogs/add" icon={FilePlus2} label="Thêm bài viết" />}
      search={{ placeholder: 'Tìm tiêu đề, tóm tắt...', label: 'Tìm bài viết' }}
      query={query}
      caption="Danh sách bài viết"
      columns={columns}
      rowKey={(b) => b.blogId}
      empty={
        <ListEmpty searching={!!search} found="Không tìm thấy bài viết phù hợp" none="Chưa có bài viết nào" />
      }
      list={list}
      pageSizeId="blogs-page-size"
    >
      <ConfirmDialog
        {...toggle.dialog}
        title={target?.active ? 'Ẩn bài viết?' : 'Hiện bài viết?'}
        message={
          target?.active
            ? `"${target.title}" sẽ không còn hiển thị trên website.`
            : `"${target?.title}" sẽ hiển thị trên trang Tin tức.`
        }
        confirmLabel={target?.active ? 'Ẩn bài viết' : 'Hiện bài viết'}
        tone={target?.active ? 'danger' : 'primary'}
      />
    </ListPage>
  );
}
