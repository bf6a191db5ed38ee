import { formatDate, formatThousands } from '@contract/format';
import { LCP_IMAGE_SIZES } from '@contract/page-images';
import { ArrowLeft, CalendarDays, ChevronRight, Eye, Link2, UserRound } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { FacebookIcon } from '../../../components/social-icons';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOrigin } from '../../../lib/browser-only';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { categorySlug, usePublicBlog, usePublicBlogs } from '../api';
import { BlogCard } from '../components/blog-card';
import { RichContent } from '../components/rich-content';

const RELATED = 3;

function Related({ blogId, category }: { blogId: number; category: Parameters<typeof categorySlug>[0] }) {
  const same = usePublicBlogs({ page: 1, size: RELATED + 1, category });
  const latest = usePublicBlogs({ page: 1, size: RELATED + 1 });
  const posts = useMemo(() => {
    const seen = new Set([blogId]);
    const out = [];
    for (const p of [...(same.data?.content ?? []), ...(latest.data?.content ?? [])]) {
      if (seen.has(p.blogId)) continue;
      seen.add(p.blogId);
      out.push(p);
      if (out.length === RELATED) break;
    }
    return out;
  }, [blogId, same.data, latest.data]);
  if (!posts.length) return null;
  return (
    <section aria-labelledby="related-title" className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="related-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Bài viết liên quan
        </h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p) => (
            <BlogCard key={p.blogId} post={p} headingLevel={3} compact />
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * The share buttons. The post's address needs the browser's origin, which the server's render does not
 * have: reading it here, the render that follows hydration redraws these two buttons, not the post.
 */
function ShareLinks({ blogId }: { blogId: number }) {
  const share = `${useOrigin()}/blogs/${blogId}`;
  async function copyLink() {
    // The toast library loads with the first toast: a reader who never copies never downloads it.
    const { toast } = await import('sonner');
    try {
      await navigator.clipboard.writeText(share);
      toast.success('Đã sao chép liên kết bài viết');
    } catch {
      toast.error('Không sao chép được, hãy sao chép địa chỉ trên thanh trình duyệt');
    }
  }
  return (
    <div className="mt-10 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-6">
      <span className="mr-1 text-sm font-medium text-slate-700">Chia sẻ bài viết:</span>
      <a
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(share)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-[#1464d2] px-4 text-sm font-semibold text-white hover:bg-[#0f5cc9]"
      >
        <FacebookIcon className="size-4" />
        Facebook
      </a>
      <button type="button" onClick={copyLink} className={buttonClass('secondary')}>
        <Link2 className="size-4" aria-hidden="true" />
        Sao chép liên kết
      </button>
    </div>
  );
}

/** /blogs/:blogId: the post in a reading layout (sanitised HTML), sharing, related posts. */
export default function BlogPage() {
  const { blogId } = useParams();
  const id = Number(blogId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: post, isPending, isError, error } = usePublicBlog(valid ? id : null);
  useDocumentTitle(post?.title);

  if (!valid || isError) {
    const notFound = !valid || (error instanceof ApiError && (error.status === 404 || error.status === 400));
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="sr-only">{notFound ? 'Không tìm thấy bài viết' : 'Không tải được bài viết'}</h1>
        <div className="rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            title={notFound ? 'Không tìm thấy bài viết' : 'Không tải được bài viết'}
            description={notFound ? 'Bài viết không tồn tại hoặc đã được gỡ xuống.' : errorMessage(error)}
            action={
              <Link to="/blogs" className={buttonClass('secondary')}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                Về trang tin tức
              </Link>
            }
          />
        </div>
      </div>
    );
  }

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12" aria-busy="true">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="mt-6 h-9 w-full" />
        <Skeleton className="mt-3 h-9 w-2/3" />
        <Skeleton className="mt-6 aspect-video w-full rounded-2xl" />
        <SkeletonText lines={6} className="mt-8" />
      </div>
    );
  }

  const published = post.publishedAt ?? post.createdAt;

  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-5 pb-12 sm:px-6 sm:pt-8">
        <nav aria-label="Đường dẫn" className="text-sm text-slate-500">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/" className="inline-flex min-h-11 items-center hover:text-brand-600">
                Trang chủ
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4" />
            </li>
            <li>
              <Link to="/blogs" className="inline-flex min-h-11 items-center hover:text-brand-600">
                Tin tức
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4" />
            </li>
            <li>
              <Link
                to={`/blogs?category=${categorySlug(post.category)}`}
                className="inline-flex min-h-11 items-center font-medium text-brand-600 hover:text-brand-700"
              >
                {post.categoryLabel}
              </Link>
            </li>
          </ol>
        </nav>
        <h1 className="mt-2 text-[1.7rem] leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {post.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-500">
          {post.authorName ? (
            <span className="inline-flex items-center gap-1.5">
              <UserRound className="size-4" aria-hidden="true" />
              {post.authorName}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={published}>{formatDate(published)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Eye className="size-4" aria-hidden="true" />
            {formatThousands(post.viewCount) || '0'} lượt xem
          </span>
        </div>
        <ResponsiveImage
          image={post.image}
          alt={post.title}
          priority
          sizes={LCP_IMAGE_SIZES.blogCover}
          className="-mx-4 mt-6 sm:mx-0 sm:rounded-2xl"
        />
        {post.summary ? (
          <p className="mt-7 text-lg leading-relaxed font-medium text-slate-800 sm:text-xl">{post.summary}</p>
        ) : null}
        <RichContent html={post.content} className="mt-6" />
        <ShareLinks blogId={post.blogId} />
      </article>
      <Related blogId={post.blogId} category={post.category} />
    </>
  );
}
