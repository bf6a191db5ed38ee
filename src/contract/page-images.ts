/**
 * `sizes` of the first big picture of a public page (its Largest Contentful Paint). The web's <img> and
 * the server's <link rel="preload" as="image" imagesrcset imagesizes> use the same value, so the
 * browser picks the same file for both and downloads it once.
 */
export const LCP_IMAGE_SIZES = {
  /** The home page's first banner (sliders feature, BannerCarousel). */
  homeBanner: '100vw',
  /** A car page's first photo (cars feature, CarGallery). */
  carGallery: '(min-width: 1024px) 60vw, 100vw',
  /** A news post's cover (blogs feature, BlogPage). */
  blogCover: '(min-width: 800px) 768px, 100vw',
} as const;
