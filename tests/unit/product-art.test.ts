import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { monogramLogoSvg, monogramOf, patternBannerSvg } from '../../db/seed/marketplace/art/brand-art'
import { ART_KINDS, type ArtSubject, productArtSvg } from '../../db/seed/marketplace/art/product-art'
import { FAMILY_ART, productSubject } from '../../db/seed/marketplace/art/subjects'
import { FAMILIES } from '../../db/seed/marketplace/vocabulary'

const subject = (overrides: Partial<ArtSubject> = {}): ArtSubject => ({ kind: 'mug', colour: '#dc2626', variant: 0, seed: 'one', ...overrides })

/** What an uploaded or stored SVG must never hold: scripts, event handlers, links out, embedded HTML. */
function expectInert(svg: string) {
  expect(svg).not.toMatch(/<script/i)
  expect(svg).not.toMatch(/\son[a-z]+\s*=/i)
  expect(svg).not.toMatch(/href|<foreignObject|<iframe|javascript:|<!ENTITY|<!DOCTYPE/i)
  // The namespace is the only address in it.
  expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:/)
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('productArtSvg', () => {
  it('draws every kind as an inert SVG that renders at 600 × 600', async () => {
    for (const kind of ART_KINDS) {
      const svg = productArtSvg(subject({ kind }))
      expect(svg, kind).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="600" height="600" viewBox="0 0 600 600">[\s\S]*<\/svg>$/)
      expectInert(svg)
      const { info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true })
      expect([info.width, info.height], kind).toEqual([600, 600])
    }
  })

  it('draws each kind differently, pixel for pixel', async () => {
    const pictures = await Promise.all(
      ART_KINDS.map(async (kind) =>
        digest(
          await sharp(Buffer.from(productArtSvg(subject({ kind, seed: 'same' }))))
            .raw()
            .toBuffer(),
        ),
      ),
    )
    expect(new Set(pictures).size).toBe(ART_KINDS.length)
  })

  it('paints the product in its colour: another colour, another picture', () => {
    const red = productArtSvg(subject({ colour: '#dc2626' }))
    const blue = productArtSvg(subject({ colour: '#2563eb' }))
    expect(red).not.toBe(blue)
    expect(red).toContain('#dc2626')
    expect(blue).toContain('#2563eb')
  })

  it('changes shape with the variant and backdrop with the seed, and draws the same subject the same way every time', () => {
    expect(productArtSvg(subject({ variant: 0 }))).not.toBe(productArtSvg(subject({ variant: 1 })))
    expect(productArtSvg(subject({ seed: 'one' }))).not.toBe(productArtSvg(subject({ seed: 'two' })))
    expect(productArtSvg(subject())).toBe(productArtSvg(subject()))
  })

  it('refuses a colour that is not #rrggbb, so nothing but a colour reaches the SVG', () => {
    expect(() => productArtSvg(subject({ colour: 'red"/><script>alert(1)</script>' }))).toThrow(/#rrggbb/)
  })
})

describe('productSubject', () => {
  it('has a picture for every product family of the vocabulary', () => {
    for (const family of FAMILIES) expect(ART_KINDS, family.code).toContain(FAMILY_ART[family.code])
  })

  it('takes the colour word first, then the material, and keeps a product on the same picture', () => {
    const look = { familyCode: 'MUG', colour: 'Blue', material: 'Ceramic', variantIndex: 1, key: 'Pearl River:MUG:7' }
    expect(productSubject(look)).toMatchObject({ kind: 'mug', colour: '#2563eb', variant: 1 })
    expect(productSubject({ ...look, colour: null, material: 'Stoneware' }).colour).toBe('#b08d6e')
    expect(productSubject({ ...look, familyCode: 'PAN', colour: null, material: 'Cast Iron' })).toMatchObject({ kind: 'pan', colour: '#3f3f46' })
    expect(productSubject(look)).toEqual(productSubject({ ...look }))
  })

  it('gives products that look alike one picture, and products of a family without a colour word one of its colours', () => {
    const looks = Array.from({ length: 40 }, (_unused, index) => ({
      familyCode: 'TSH',
      colour: 'Red',
      material: index % 2 ? 'Cotton' : 'Quick-Dry',
      variantIndex: 0,
      key: `k${index}`,
    }))
    expect(new Set(looks.map((look) => JSON.stringify(productSubject(look)))).size).toBe(1)
    const vests = Array.from(
      { length: 40 },
      (_unused, index) => productSubject({ familyCode: 'VST', colour: null, material: 'Polyester', variantIndex: 0, key: `v${index}` }).colour,
    )
    expect(new Set(vests)).toEqual(new Set(['#facc15', '#f97316']))
  })
})

describe('brand art', () => {
  it('makes a monogram of up to two capital letters A–Z from the English name', () => {
    expect(monogramOf('Ningbo Pearl River Ceramics')).toBe('NP')
    expect(monogramOf('Aurora Textile')).toBe('AT')
    expect(monogramOf('the Ōsaka and Co Works')).toBe('OW')
    expect(monogramOf('竹窑陶瓷')).toBe('T')
    expect(monogramOf('<script>alert(1)</script> Labs')).toBe('SL')
  })

  it('draws an inert logo and banner per company, each company its own', async () => {
    const logos = ['Aurora Textile', 'Rheinwerk Maschinenbau'].map(monogramLogoSvg)
    const banners = ['Aurora Textile', 'Rheinwerk Maschinenbau'].map(patternBannerSvg)
    for (const svg of [...logos, ...banners]) expectInert(svg)
    expect(logos[0]).toContain('>AT</text>')
    expect(logos[0]).not.toBe(logos[1])
    expect(banners[0]).not.toBe(banners[1])
    const banner = await sharp(Buffer.from(banners[0]!)).metadata()
    expect([banner.width, banner.height]).toEqual([1200, 300])
  })
})
