import { createHash } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import { THUMBNAIL_SIZE } from '../../../app/platform/files/thumbnail.server'

/** A picture rendered for storage: the WebP bytes, their WebP thumbnail and the bytes' SHA-256. */
export type RenderedPicture = { bytes: Uint8Array; thumbnail: Uint8Array; sha256: string }

/** Pictures rasterised at once: librsvg draws one picture on one core, and the machine may have only two. */
const CONCURRENCY = 2

/**
 * Renders SVG drawings to WebP (and a thumbnail that fits THUMBNAIL_SIZE, like an upload's), once per key per process;
 * equal keys share one rendering.
 */
export class PictureRenderer {
  private readonly cache = new Map<string, Promise<RenderedPicture>>()
  private running = 0
  private readonly waiting: Array<() => void> = []

  /** The picture `draw` returns, rendered at `scale` times its own size (product pictures: 600 px drawn, stored at 512). */
  of(key: string, draw: () => string, scale = 1): Promise<RenderedPicture> {
    let picture = this.cache.get(key)
    if (!picture) {
      picture = this.limited(() => render(draw(), scale))
      this.cache.set(key, picture)
    }
    return picture
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.running += 1
    try {
      return await task()
    } finally {
      this.running -= 1
      this.waiting.shift()?.()
    }
  }
}

// Effort 0: illustrations compress about as well at the fastest setting, which keeps the first start quick.
const webp = (image: Sharp) => image.webp({ quality: 82, effort: 0 }).toBuffer()

async function render(svg: string, scale: number): Promise<RenderedPicture> {
  // Rasterised once (librsvg draws at 72 dpi per SVG pixel); the original and the thumbnail are both encoded from the same pixels.
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * scale })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  const [original, thumbnail] = await Promise.all([
    webp(pixels()),
    webp(pixels().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })),
  ])
  return { bytes: new Uint8Array(original), thumbnail: new Uint8Array(thumbnail), sha256: createHash('sha256').update(original).digest('hex') }
}
