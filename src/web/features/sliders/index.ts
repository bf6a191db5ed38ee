/** What other parts of the app use from the banners feature (the home page's carousel). */
export { BannerCarousel } from './components/banner-carousel';
