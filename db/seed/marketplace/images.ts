import { createHash } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import { THUMBNAIL_SIZE } from '../../../app/platform/files/thumbnail.server'
import type { ProductFamily } from './vocabulary'

/** A colour per top-level category, so a grid of results reads by trade at a glance. */
const CATEGORY_COLOURS: Record<string, string> = {
  electronics: '#2563eb',
  electrical: '#ca8a04',
  lighting: '#f59e0b',
  machinery: '#475569',
  'tools-hardware': '#b45309',
  'home-garden': '#16a34a',
  furniture: '#92400e',
  'ceramics-glass': '#0891b2',
  textiles: '#db2777',
  apparel: '#7c3aed',
  'bags-shoes': '#9f1239',
  packaging: '#a16207',
  chemicals: '#0f766e',
  metals: '#64748b',
  construction: '#c2410c',
  automotive: '#1e293b',
  'food-beverage': '#65a30d',
  agriculture: '#4d7c0f',
  'health-beauty': '#e11d48',
  'sports-toys': '#ea580c',
  'office-school': '#4f46e5',
}

export type GeneratedImage = { bytes: Uint8Array; thumbnail: Uint8Array; sha256: string }

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A 480 px square: the category colour, a soft product silhouette and the family's code and English name. */
function familySvg(family: ProductFamily, topLevelId: string): string {
  const colour = CATEGORY_COLOURS[topLevelId] ?? '#334155'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <rect width="480" height="480" fill="${colour}"/>
  <circle cx="380" cy="90" r="150" fill="#ffffff" fill-opacity="0.12"/>
  <rect x="110" y="110" width="260" height="200" rx="36" fill="#ffffff" fill-opacity="0.9"/>
  <text x="240" y="236" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" text-anchor="middle" fill="${colour}">${escapeXml(family.code)}</text>
  <text x="240" y="390" font-family="DejaVu Sans, sans-serif" font-size="30" text-anchor="middle" fill="#ffffff">${escapeXml(family.name.en)}</text>
</svg>`
}

/** Renders one WebP image (and its thumbnail) per product family, once per process. */
export class FamilyImages {
  private readonly cache = new Map<string, Promise<GeneratedImage>>()

  of(family: ProductFamily, topLevelId: string): Promise<GeneratedImage> {
    let image = this.cache.get(family.code)
    if (!image) {
      image = render(familySvg(family, topLevelId))
      this.cache.set(family.code, image)
    }
    return image
  }
}

// Effort 0: flat artwork compresses as well at the fastest setting, which keeps the first start quick.
const encode = (image: Sharp) => image.webp({ quality: 80, effort: 0 }).toBuffer()

async function render(svg: string): Promise<GeneratedImage> {
  const source = Buffer.from(svg)
  const [original, thumbnail] = await Promise.all([encode(sharp(source)), encode(sharp(source).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE))])
  return { bytes: new Uint8Array(original), thumbnail: new Uint8Array(thumbnail), sha256: createHash('sha256').update(original).digest('hex') }
}
