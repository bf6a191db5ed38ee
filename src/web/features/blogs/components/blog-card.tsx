import type { BlogSummary } from '@contract/blogs';
import { formatDate, formatThousands } from '@contract/format';
import { CalendarDays, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';

/**
 * A post in a list: cover (16:9, srcset, lazy unless `priority`), category, title, summary, date and
 * views; the whole card is one link. `headingLevel` keeps the page's outline right (h2 on /blogs, h3 in
 * a section).
 */
export function BlogCard({
  post,
  priority = false,
  headingLevel = 2,
  compact = false,
  sizes,
}: {
  post: BlogSummary;
  priority?: boolean;
  headingLevel?: 2 | 3;
  compact?: boolean;
  sizes?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = formatDate(post.publishedAt ?? post.createdAt);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-slate-300 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <ResponsiveImage
        image={post.image}
        alt={post.title}
        priority={priority}
        sizes={sizes ?? '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw'}
        imgClassName="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
      />
      <div className={cx('flex flex-1 flex-col', compact ? 'p-4' : 'p-4 sm:p-5')}>
        <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">{post.categoryLabel}</p>
        <Heading
          className={cx(
            'mt-1.5 line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-700',
            compact ? 'text-base' : 'text-lg',
          )}
        >
          <Link
            to={`/blogs/${post.blogId}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </Heading>
        {!compact && post.summary ? (
          <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{post.summary}</p>
        ) : null}
        <div className="mt-auto flex items-center gap-4 pt-3 text-xs text-slate-500">
          {date ? (
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              <time dateTime={post.publishedAt ?? post.createdAt}>{date}</time>
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden="true" />
            {formatThousands(post.viewCount) || '0'} lượt xem
          </span>
        </div>
      </div>
      {/* The focus ring of the card-wide link. */}
      <span
        className="pointer-events-none absolute inset-0 rounded-2xl ring-brand-600 group-has-[a:focus-visible]:ring-2"
        aria-hidden="true"
      />
    </article>
  );
}

export function BlogCardSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-2 p-4 sm:p-5">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-full" />
        {compact ? null : <Skeleton className="h-4 w-5/6" />}
        <Skeleton className="h-3 w-32" />
      </div>
    </div>
  );
}
