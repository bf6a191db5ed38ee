/** What other parts of the app use from the news feature (the home page's section). */
export { HomeNews } from './components/home-news';
