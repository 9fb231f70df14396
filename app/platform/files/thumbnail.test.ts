import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageBytes } from '../../../tests/support/file-fixtures'
import { makeThumbnail, THUMBNAIL_SIZE } from './thumbnail.server'

async function sizeOf(bytes: Uint8Array) {
  const { format, width, height } = await sharp(bytes).metadata()
  return { format, width, height }
}

describe('makeThumbnail', () => {
  it('shrinks a large photo into a 320 px WebP, keeping its proportions', async () => {
    const thumbnail = await makeThumbnail(await imageBytes('jpeg', 1200, 800))
    expect(thumbnail).not.toBeNull()
    expect(await sizeOf(thumbnail as Uint8Array)).toEqual({ format: 'webp', width: THUMBNAIL_SIZE, height: 213 })
  })

  it('never enlarges a small logo', async () => {
    expect(await sizeOf((await makeThumbnail(await imageBytes('png', 64, 48))) as Uint8Array)).toEqual({ format: 'webp', width: 64, height: 48 })
  })

  it('turns a photo upright according to its EXIF orientation', async () => {
    const sideways = new Uint8Array(
      await sharp(await imageBytes('jpeg', 400, 200))
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer(),
    )
    expect(await sizeOf((await makeThumbnail(sideways)) as Uint8Array)).toMatchObject({ width: 160, height: 320 })
  })

  it('answers null for bytes that only start like an image', async () => {
    const truncated = (await imageBytes('png', 200, 200)).slice(0, 60)
    expect(await makeThumbnail(truncated)).toBeNull()
  })
})
