import { BLOG_CATEGORY_LABELS, type BlogView } from '../../../contract/blogs';
import type { CarDetail } from '../../../contract/cars';
import type { PublicWebConfiguration } from '../../../contract/web-config';
import { clip, type ShareImage } from './head';

// schema.org data for the share previews and search results (JSON-LD in each page's head).

/** schema.org availability for a car's status. */
export const CAR_AVAILABILITY: Record<string, string> = {
  available: 'https://schema.org/InStock',
  pending: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};

/** The showroom as a schema.org AutoDealer (every public page). */
export function dealerData(publicUrl: string, cfg: PublicWebConfiguration, image: ShareImage | null) {
  const sameAs = [cfg.facebookUrl, cfg.youtubeUrl, cfg.tiktokUrl].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': `${publicUrl}/#dealer`,
    name: cfg.showroomName,
    url: `${publicUrl}/`,
    ...(cfg.showroomPhone ? { telephone: cfg.showroomPhone } : {}),
    ...(cfg.showroomEmail ? { email: cfg.showroomEmail } : {}),
    ...(cfg.showroomAddress
      ? { address: { '@type': 'PostalAddress', streetAddress: cfg.showroomAddress, addressCountry: 'VN' } }
      : {}),
    ...(image ? { image: image.url } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    priceRange: '$$',
    currenciesAccepted: 'VND',
    areaServed: 'VN',
  };
}

export function breadcrumbData(absolute: (path: string) => string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absolute(item.path),
    })),
  };
}

/** A news post as a schema.org Article. */
export function articleData(
  publicUrl: string,
  url: string,
  post: BlogView,
  description: string,
  image: ShareImage | null,
  cfg: PublicWebConfiguration,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: clip(post.title, 110),
    description,
    ...(image ? { image: [image.url] } : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    articleSection: BLOG_CATEGORY_LABELS[post.category] ?? post.categoryLabel,
    inLanguage: 'vi',
    author: post.authorName
      ? { '@type': 'Person', name: post.authorName }
      : { '@type': 'Organization', name: cfg.showroomName },
    publisher: {
      '@type': 'Organization',
      '@id': `${publicUrl}/#dealer`,
      name: cfg.showroomName,
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url: url,
  };
}

/** A car for sale as a schema.org Car with its Offer. */
export function carData(
  publicUrl: string,
  url: string,
  car: CarDetail,
  site: string,
  image: ShareImage | null,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: `${car.carName} ${car.year}`,
    brand: { '@type': 'Brand', name: car.brand },
    model: car.model,
    vehicleModelDate: String(car.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.odo, unitCode: 'KMT' },
    numberOfPreviousOwners: car.previousOwners,
    // schema.org's Car has no inspection property: the report's day and result go in as PropertyValues.
    ...(car.inspection
      ? {
          additionalProperty: [
            { '@type': 'PropertyValue', name: 'Ngày kiểm định', value: car.inspection.inspectedAt },
            {
              '@type': 'PropertyValue',
              name: 'Hạng mục kiểm định đạt',
              value: car.inspection.passed + car.inspection.fixed,
              maxValue: car.inspection.total,
            },
          ],
        }
      : {}),
    itemCondition: 'https://schema.org/UsedCondition',
    ...(car.exteriorColor ? { color: car.exteriorColor } : {}),
    ...(car.size ? { seatingCapacity: car.size } : {}),
    ...(car.description ? { description: clip(car.description, 500) } : {}),
    ...(image ? { image: [image.url] } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: car.sellPrice,
      priceCurrency: 'VND',
      availability: CAR_AVAILABILITY[car.status] ?? 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      url,
      seller: { '@type': 'AutoDealer', '@id': `${publicUrl}/#dealer`, name: site },
    },
  };
}
