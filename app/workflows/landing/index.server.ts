// The public landing pages (/marketing, /sourcing, /supplier/portal): their structured data, screenshots and live figures.
export { faqJsonLd, howToJsonLd, organizationJsonLd, softwareJsonLd, webPageJsonLd } from './landing-json-ld'
export { type SourcingFigures, sourcingFigures } from './sourcing-figures.server'
export { tourImage, tourImages, tourImageUrl } from './tour.server'
