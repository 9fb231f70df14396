import sharp from 'sharp'
import { logger } from '../logger.server'

/** Thumbnails fit in a square of this many pixels. */
export const THUMBNAIL_SIZE = 320
export const THUMBNAIL_CONTENT_TYPE = 'image/webp'
/** Refuses decompression bombs: a 5 MB PNG may claim billions of pixels. */
const MAX_INPUT_PIXELS = 50_000_000

/** A WebP preview of an image, upright per its EXIF orientation; null when the image cannot be decoded. */
export async function makeThumbnail(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    return new Uint8Array(output)
  } catch (error) {
    logger().warn({ err: (error as Error).message }, 'thumbnail not created')
    return null
  }
}
