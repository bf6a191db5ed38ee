import type { BlogCategory, BlogCategoryInfo, BlogSummary, BlogUpdateBody, BlogView } from '@contract/blogs';
import type { Page } from '@contract/common';
import type { ImageView } from '@contract/images';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useActiveToggle, useMultipartSave } from '../../lib/mutations';

export const BLOGS_KEY = ['blogs'] as const;

/** A category code in the address bar: market-news. */
export const categorySlug = (c: BlogCategory) => c.toLowerCase().replace(/_/g, '-');

/** GET blogs/categories: the five categories with their labels and post counts. */
export function useBlogCategories() {
  return useQuery({
    queryKey: [...BLOGS_KEY, 'categories'],
    queryFn: ({ signal }) => api<BlogCategoryInfo[]>('blogs/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET blogs?page&size, or blogs/category/{category}?page&size (public, newest first). */
export function usePublicBlogs(q: { page: number; size: number; category?: BlogCategory | null }) {
  return useQuery({
    queryKey: [...BLOGS_KEY, 'public', q],
    queryFn: ({ signal }) =>
      api<Page<BlogSummary>>(q.category ? `blogs/category/${categorySlug(q.category)}` : 'blogs', {
        query: { page: q.page, size: q.size },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET blogs/{id} (public: counts one view). */
export function usePublicBlog(id: number | null) {
  return useQuery({
    queryKey: [...BLOGS_KEY, 'post', id],
    queryFn: ({ signal }) => api<BlogView>(`blogs/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** GET blogs/admin?search&page&size (staff; hidden posts too). */
export function useAdminBlogs(q: { page: number; size: number; search: string }) {
  return useQuery({
    queryKey: [...BLOGS_KEY, 'admin', q],
    queryFn: ({ signal }) => api<Page<BlogSummary>>('blogs/admin', { auth: true, query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET blogs/admin/{id}: any post, for the edit form. */
export function useAdminBlog(id: number | null) {
  return useQuery({
    queryKey: [...BLOGS_KEY, 'admin-detail', id],
    queryFn: ({ signal }) => api<BlogView>(`blogs/admin/${id}`, { auth: true, signal }),
    enabled: id !== null,
  });
}

/** PUT blogs/admin/activate/{id} or blogs/admin/inactivate/{id}. */
export function useSetBlogActive() {
  return useActiveToggle<BlogView>(BLOGS_KEY, (id, active) => ({
    path: `blogs/admin/${active ? 'activate' : 'inactivate'}/${id}`,
    method: 'PUT',
  }));
}

/**
 * Add: POST blogs/admin/add multipart (`blog` JSON + `imageFile`). Edit: PUT blogs/admin/{blogId}
 * multipart, the cover only when a new one was picked. Reports upload progress.
 */
export function useSaveBlog(id: number | null) {
  return useMultipartSave<BlogUpdateBody, BlogView>(
    BLOGS_KEY,
    { json: 'blog', file: 'imageFile' },
    { add: 'blogs/admin/add', edit: (blogId) => `blogs/admin/${blogId}` },
    id,
  );
}

/** POST blogs/admin/images: a picture for the post's body; its `src` goes into the HTML. */
export function uploadBlogImage(file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('image', file, file.name);
  return api<ImageView>('blogs/admin/images', {
    method: 'POST',
    auth: true,
    body: form,
    onUploadProgress: onProgress,
  });
}
