import { BLOG_CATEGORIES, BLOG_PAGE_SIZE, type BlogCategory } from '@contract/blogs-labels';
import { PAGE_TITLES } from '@contract/page-titles';
import { Newspaper } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHero } from '../../../components/page-hero';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { categorySlug, useBlogCategories, usePublicBlogs } from '../api';
import { BlogCard, BlogCardSkeleton } from '../components/blog-card';

function readCategory(raw: string | null): BlogCategory | null {
  if (!raw) return null;
  const code = raw.trim().toUpperCase().replace(/-/g, '_');
  return (BLOG_CATEGORIES as readonly string[]).includes(code) ? (code as BlogCategory) : null;
}

/** /blogs: news with category tabs (GET blogs/categories) and pages of 6 (page and tab in the URL). */
export default function BlogsPage() {
  const [params, setParams] = useSearchParams();
  const category = readCategory(params.get('category'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const categories = useBlogCategories();
  const posts = usePublicBlogs({ page, size: BLOG_PAGE_SIZE, category });
  const top = useRef<HTMLDivElement>(null);
  useDocumentTitle(PAGE_TITLES['/blogs']);

  const tabHref = (c: BlogCategory | null) => (c ? `/blogs?category=${categorySlug(c)}` : '/blogs');
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next, { preventScrollReset: true });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const total = categories.data?.reduce((sum, c) => sum + c.count, 0);
  const tabs: { value: BlogCategory | null; label: string; count?: number }[] = [
    { value: null, label: 'Tất cả', count: total },
    ...(categories.data ?? []).map((c) => ({ value: c.value, label: c.label, count: c.count })),
  ];

  return (
    <div className="bg-slate-50">
      <PageHero
        eyebrow="Tin tức"
        title="Tin tức ô tô"
        intro="Cập nhật thị trường xe cũ, kinh nghiệm chọn mua, đánh giá xe và ưu đãi mới nhất từ showroom."
      />
      <div ref={top} className="mx-auto max-w-7xl scroll-mt-20 px-4 pt-5 pb-14 sm:px-6 sm:pt-8">
        <nav aria-label="Chuyên mục tin tức" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex min-w-max gap-2 pb-1">
            {tabs.map((t) => {
              const active = t.value === category;
              return (
                <li key={t.value ?? 'all'}>
                  <Link
                    to={tabHref(t.value)}
                    preventScrollReset
                    aria-current={active ? 'page' : undefined}
                    className={cx(
                      'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1 transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                      active
                        ? 'bg-brand-600 text-white ring-brand-600'
                        : 'bg-white text-slate-700 ring-slate-200 hover:text-brand-700 hover:ring-brand-200',
                    )}
                  >
                    {t.label}
                    {typeof t.count === 'number' ? (
                      <span
                        className={cx(
                          'rounded-full px-1.5 text-xs tabular-nums',
                          active ? 'bg-white/20' : 'bg-slate-100 text-slate-500',
                        )}
                      >
                        {t.count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {posts.isError ? (
          <div className="mt-6 rounded-2xl bg-white ring-1 ring-slate-200">
            <EmptyState title="Không tải được tin tức" description={errorMessage(posts.error)} />
          </div>
        ) : posts.isPending ? (
          <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <BlogCardSkeleton key={i} />
            ))}
          </div>
        ) : posts.data.content.length === 0 ? (
          <div className="mt-6 rounded-2xl bg-white ring-1 ring-slate-200">
            <EmptyState
              icon={<Newspaper className="size-6" aria-hidden="true" />}
              title={category ? 'Chuyên mục này chưa có bài viết' : 'Chưa có bài viết nào'}
              description="Quay lại sau nhé, chúng tôi cập nhật tin tức thường xuyên."
              action={
                category ? (
                  <Link to="/blogs" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
                    Xem tất cả tin tức
                  </Link>
                ) : undefined
              }
            />
          </div>
        ) : (
          <>
            <div
              className={cx(
                'mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3',
                posts.isPlaceholderData && 'opacity-60 transition-opacity',
              )}
            >
              {posts.data.content.map((post, i) => (
                <BlogCard key={post.blogId} post={post} priority={i === 0} />
              ))}
            </div>
            <Pagination className="mt-8" page={page} totalPages={posts.data.totalPages} onChange={goTo} />
          </>
        )}
      </div>
    </div>
  );
}
