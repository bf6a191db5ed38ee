import type { SliderView } from '@contract/sliders';
import { Eye, EyeOff, ImagePlus, Pencil } from 'lucide-react';
import { Badge } from '../../../components/badge';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/data-table';
import { ListAddLink, ListEmpty, ListPage } from '../../../components/list-page';
import { actionsColumn, RowLink, ToggleRowButton } from '../../../components/row-actions';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { useSearchList } from '../../../lib/use-list-params';
import { useAdminSliders, useSetSliderActive } from '../api';

/** /dashboard/sliders: banners with thumbnail, order, state; show / hide, edit (MANAGE_OVERVIEW). */
export default function SlidersPage() {
  const { list, search, query, data } = useSearchList('sliders', useAdminSliders);
  const toggle = useConfirmAction(
    useSetSliderActive(),
    (s: SliderView) => ({ id: s.overviewId, active: !s.active }),
    (s) => (s.active ? 'Đã ẩn banner khỏi trang chủ' : 'Đã hiện banner trên trang chủ'),
  );
  const target = toggle.target;

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
          <span className="text-slate-500">—</span>
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
            {s.buttonText ? <span className="block text-slate-500">Nút: {s.buttonText}</span> : null}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
    { key: 'order', header: 'Thứ tự', className: 'text-center tabular-nums', cell: (s) => s.order },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (s) => (s.active ? <Badge tone="success">Đang hiện</Badge> : <Badge>Đã ẩn</Badge>),
    },
    actionsColumn((s) => (
      <>
        <RowLink
          to={`/dashboard/sliders/${s.overviewId}`}
          label={`Sửa banner ${s.title}`}
          title="Sửa"
          icon={Pencil}
        />
        <ToggleRowButton
          isOn={s.active}
          off={{ label: `Ẩn banner ${s.title}`, icon: EyeOff }}
          on={{ label: `Hiện banner ${s.title}`, icon: Eye }}
          onClick={() => toggle.ask(s)}
        />
      </>
    )),
  ];

  return (
    <ListPage
      title="Quản lý banner"
      description={data ? `${data.totalElements} banner` : 'Ảnh lớn chạy trên đầu trang chủ'}
      actions={<ListAddLink to="/dashboard/sliders/add" icon={ImagePlus} label="Thêm banner" />}
      search={{ placeholder: 'Tìm tiêu đề, mô tả, liên kết...', label: 'Tìm banner' }}
      query={query}
      caption="Danh sách banner"
      columns={columns}
      rowKey={(s) => s.overviewId}
      empty={
        <ListEmpty
          searching={!!search}
          found="Không tìm thấy banner phù hợp"
          none="Chưa có banner nào"
          hint="Thêm banner đầu tiên cho trang chủ."
        />
      }
      list={list}
      pageSizeId="sliders-page-size"
    >
      <ConfirmDialog
        {...toggle.dialog}
        title={target?.active ? 'Ẩn banner?' : 'Hiện banner?'}
        message={
          target?.active
            ? `"${target.title}" sẽ không còn hiển thị trên trang chủ.`
            : `"${target?.title}" sẽ hiển thị lại trên trang chủ.`
        }
        confirmLabel={target?.active ? 'Ẩn banner' : 'Hiện banner'}
        tone={target?.active ? 'danger' : 'primary'}
      />
    </ListPage>
  );
}
