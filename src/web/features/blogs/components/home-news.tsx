import { HOME_BLOG_COUNT } from '@contract/blogs-labels';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { usePublicBlogs } from '../api';
import { BlogCard, BlogCardSkeleton } from './blog-card';

/** The home page's 'Tin tức' section: the 4 newest posts (GET blogs?page=1&size=4). */
export function HomeNews() {
  const { data, isPending, isError } = usePublicBlogs({ page: 1, size: HOME_BLOG_COUNT });
  if (isError || (!isPending && !data?.content.length)) return null;
  return (
    <section
      className="render-near-screen mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20"
      aria-labelledby="home-news-title"
    >
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="home-news-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Tin tức
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Thị trường, kinh nghiệm mua xe và ưu đãi mới nhất từ showroom.
          </p>
        </div>
        <Link
          to="/blogs"
          className="hidden min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-600 hover:text-brand-700 sm:inline-flex"
        >
          Xem tất cả
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {isPending
          ? Array.from({ length: HOME_BLOG_COUNT }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <BlogCardSkeleton key={i} compact />
            ))
          : data?.content.map((post) => (
              <BlogCard
                key={post.blogId}
                post={post}
                headingLevel={3}
                compact
                sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
              />
            ))}
      </div>
      <Link
        to="/blogs"
        className="mt-6 flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-slate-300 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:hidden"
      >
        Xem tất cả tin tức
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}
