import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS, type BlogCategory, blogBody } from '@contract/blogs';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '../../../components/back-link';
import { Button, buttonClass } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { FormField, Input } from '../../../components/form-field';
import { ImagePicker } from '../../../components/image-picker';
import { MissingRecord } from '../../../components/missing-record';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { enumOptions } from '../../../lib/enum-options';
import { applyServerErrors } from '../../../lib/form-errors';
import { useImageUpload } from '../../../lib/use-image-upload';
import { useRecordId } from '../../../lib/use-record-id';
import { useAdminBlog, useSaveBlog } from '../api';
import { RichTextEditor } from '../components/rich-text-editor';

interface FormValues {
  title: string;
  summary: string;
  category: BlogCategory;
  content: string;
  active: boolean;
}

const EMPTY: FormValues = { title: '', summary: '', category: 'MARKET_NEWS', content: '', active: true };
const FIELDS = ['title', 'summary', 'category', 'content', 'active'] as const;

/** /dashboard/blogs/add and /dashboard/blogs/:blogId: one form; the body is edited with TipTap. */
export default function AdminBlogFormPage() {
  const { id, isEdit, validId } = useRecordId('blogId');
  const navigate = useNavigate();
  const blog = useAdminBlog(isEdit && validId ? id : null);
  const save = useSaveBlog(id);
  const cover = useImageUpload(!isEdit, 'Vui lòng chọn ảnh bìa');

  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useContractForm<FormValues>(blogBody, EMPTY);
  const title = useWatch({ control, name: 'title' });

  useEffect(() => {
    const b = blog.data;
    if (!b) return;
    reset({ title: b.title, summary: b.summary, category: b.category, content: b.content, active: b.active });
  }, [blog.data, reset]);

  if (!validId || (isEdit && blog.isError)) {
    const notFound = !validId || (blog.error instanceof ApiError && blog.error.status === 404);
    return (
      <MissingRecord
        title="Sửa bài viết"
        message={notFound ? 'Không tìm thấy bài viết' : errorMessage(blog.error)}
        action={
          <Link to="/dashboard/blogs" className={buttonClass('secondary')}>
            Về danh sách bài viết
          </Link>
        }
      />
    );
  }

  const loading = isEdit && blog.isPending;
  const submit = handleSubmit((v) => {
    if (!cover.ready()) return;
    save.mutate(
      { body: v, ...cover.upload },
      {
        onSuccess: (saved) => {
          toast.success(isEdit ? 'Đã cập nhật bài viết' : `Đã thêm bài viết "${saved.title}"`);
          navigate('/dashboard/blogs');
        },
        onError: (err) => {
          if (!cover.refused(err) && !applyServerErrors(err, setError, FIELDS))
            toast.error(errorMessage(err));
        },
        onSettled: cover.settled,
      },
    );
  }, cover.flagMissing);

  return (
    <>
      <BackLink to="/dashboard/blogs">Danh sách bài viết</BackLink>
      <PageHeader
        title={isEdit ? 'Sửa bài viết' : 'Thêm bài viết'}
        description={isEdit ? blog.data?.title : 'Viết tin tức, kinh nghiệm hoặc ưu đãi cho trang Tin tức.'}
      />
      <form noValidate onSubmit={submit} className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {loading ? (
            <>
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-80 w-full" />
            </>
          ) : (
            <>
              <FormField label="Tiêu đề" htmlFor="blog-title" error={errors.title?.message} required>
                <Input id="blog-title" {...register('title')} />
              </FormField>
              <FormField
                label="Tóm tắt"
                htmlFor="blog-summary"
                error={errors.summary?.message}
                hint="Hiện trên thẻ bài viết và khi chia sẻ; để trống sẽ lấy từ đầu nội dung."
              >
                <CountedTextarea id="blog-summary" rows={3} {...register('summary')} />
              </FormField>
              <div className="space-y-1.5">
                <div className="flex items-baseline gap-0.5">
                  <span id="blog-content-label" className="block text-sm font-medium text-slate-700">
                    Nội dung
                  </span>
                  <span className="text-sm text-red-600" aria-hidden="true">
                    *
                  </span>
                </div>
                <Controller
                  control={control}
                  name="content"
                  render={({ field }) => (
                    <RichTextEditor
                      value={field.value}
                      onChange={field.onChange}
                      imageAlt={title}
                      labelledBy="blog-content-label"
                      invalid={Boolean(errors.content)}
                      describedBy={errors.content ? 'blog-content-error' : undefined}
                    />
                  )}
                />
                {errors.content ? (
                  <p id="blog-content-error" className="text-sm text-red-600" role="alert">
                    {errors.content.message}
                  </p>
                ) : null}
              </div>
            </>
          )}
        </div>
        <aside
          aria-label="Tùy chọn bài viết"
          className="space-y-5 self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-4"
        >
          {loading ? (
            <Skeleton className="aspect-video w-full" />
          ) : (
            <>
              <SelectField
                label="Chuyên mục"
                id="blog-category"
                error={errors.category?.message}
                required
                options={enumOptions(BLOG_CATEGORIES, BLOG_CATEGORY_LABELS)}
                {...register('category')}
              />
              <ImagePicker
                {...cover.picker}
                id="blog-image"
                label="Ảnh bìa"
                currentSrc={blog.data?.image?.src}
                hint="Ảnh ngang 16:9, JPEG, PNG, WebP hoặc HEIC, tối đa 10 MB."
              />
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input type="checkbox" className="size-5 accent-brand-600" {...register('active')} />
                <span className="text-sm font-medium text-slate-700">Hiển thị trên website</span>
              </label>
            </>
          )}
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-4">
            <Button type="submit" loading={save.isPending} disabled={loading}>
              {isEdit ? 'Lưu thay đổi' : 'Đăng bài viết'}
            </Button>
            <Link to="/dashboard/blogs" className={buttonClass('secondary')}>
              Hủy
            </Link>
          </div>
        </aside>
        <UnsavedChangesDialog dirty={isDirty && !save.isPending} />
      </form>
    </>
  );
}
