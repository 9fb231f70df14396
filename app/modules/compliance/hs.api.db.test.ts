import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { setEnvForTesting } from '../../platform/env.server'
import { MemoryRateLimitStore, useRateLimitStore } from '../../platform/rate-limit.server'
import { call, testApp } from '../../../tests/support/http'
import { testEnv } from '../../../tests/support/test-env'

// Issue 22: the public HS code API — search (words, typos, Chinese, code prefix), browse, a code's page with the
// products listed under it, classify; bad input is a clear 4xx and lookups are rate-limited per address.
let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})
afterEach(() => {
  setEnvForTesting(testEnv())
  useRateLimitStore(new MemoryRateLimitStore())
})

type Hit = { code: string; level: number; description: string; fallback: boolean; matched: string[]; corrected: Array<{ typed: string; found: string }> }

describe('/api/v1/hs-codes', () => {
  it('finds codes by words with typos, by code prefix, and by level', async () => {
    const words = await call(app, '/api/v1/hs-codes?q=porcelian+tableware')
    expect(words.status).toBe(200)
    const hits = words.json.items as Hit[]
    expect(hits[0]!.code).toMatch(/^6911/)
    expect(hits[0]!.corrected).toEqual([{ typed: 'porcelian', found: 'porcelain' }])
    const prefix = await call(app, '/api/v1/hs-codes?q=9405&level=6')
    const codes = (prefix.json.items as Hit[]).map((hit) => hit.code)
    expect(codes.length).toBeGreaterThan(0)
    expect(codes.every((code) => code.startsWith('9405') && code.length === 6)).toBe(true)
    expect(((await call(app, '/api/v1/hs-codes?q=6912')).json.items as Hit[]).map((hit) => hit.code)).toEqual(['6912', '691200'])
  })

  it('answers in the request’s language, falling back to English where the nomenclature has no Chinese text', async () => {
    const chinese = await call(app, '/api/v1/hs-codes?q=9405', { headers: { 'accept-language': 'zh-Hans' } })
    const [heading, subheading] = chinese.json.items as Hit[]
    expect(heading).toMatchObject({ code: '9405', fallback: false })
    expect(heading!.description).toMatch(/\p{Script=Han}/u)
    expect(subheading).toMatchObject({ code: '940511', fallback: true })
    const byChinese = await call(app, `/api/v1/hs-codes?q=${encodeURIComponent('灯具')}`, { headers: { 'accept-language': 'zh-Hans' } })
    expect((byChinese.json.items as Hit[]).map((hit) => hit.code)).toContain('9405')
  })

  it('refuses a query too long, a bad level or limit with field errors (422), never a 5xx', async () => {
    const long = await call(app, `/api/v1/hs-codes?q=${'a'.repeat(5000)}`)
    expect(long.status).toBe(422)
    expect(long.json.code).toBe('validation_failed')
    expect((await call(app, '/api/v1/hs-codes?q=lamp&level=3')).status).toBe(422)
    expect((await call(app, '/api/v1/hs-codes?q=lamp&limit=0')).status).toBe(422)
  })

  it('browses sections and shows a code with its parents, children and the products listed under it', async () => {
    const sections = await call(app, '/api/v1/hs-codes/sections')
    expect(sections.json.items).toHaveLength(21)
    const section = await call(app, '/api/v1/hs-codes/sections/XIII')
    expect((section.json.chapters as Hit[]).map((chapter) => chapter.code)).toEqual(['68', '69', '70'])
    expect((await call(app, '/api/v1/hs-codes/sections/XXV')).status).toBe(404)

    const supplier = await createCompany({ kind: 'supplier', verificationStatus: 'accept' })
    const mug = await createProduct({ companyId: supplier.id, nameEn: 'Stoneware mug', hsCode: '691200', status: 'published', publishedAt: new Date() })
    await createProduct({ companyId: supplier.id, nameEn: 'Glass tumbler', hsCode: '701337', status: 'published', publishedAt: new Date() })
    const page = await call(app, '/api/v1/hs-codes/6912')
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ code: '6912', level: 4, section: 'XIII', product_total: 1, suppliers: [{ id: supplier.id }] })
    expect((page.json.ancestors as Hit[]).map((code) => code.code)).toEqual(['69'])
    expect((page.json.children as Hit[]).map((code) => code.code)).toEqual(['691200'])
    expect((page.json.products as Array<{ id: string }>).map((product) => product.id)).toEqual([mug.id])
    const chapter = await call(app, '/api/v1/hs-codes/69')
    expect(chapter.json.product_total).toBe(1)
  })

  it('answers an unknown code with nearby ones and a malformed code as not found', async () => {
    const unknown = await call(app, '/api/v1/hs-codes/691299')
    expect(unknown.status).toBe(404)
    expect(unknown.json).toMatchObject({ code: 'not_found', details: { suggestions: ['6912', '691200'] } })
    expect((await call(app, '/api/v1/hs-codes/69a2')).status).toBe(404)
    expect((await call(app, '/api/v1/hs-codes/6912345')).status).toBe(404)
  })

  it('classifies a product description with the words behind each suggestion', async () => {
    const answer = await call(app, '/api/v1/hs-codes/classify', { body: { description: 'Porcelain coffee mug, 350 ml' } })
    expect(answer.status).toBe(200)
    const [first] = answer.json.items as Array<{ heading: Hit; subheading: Hit | null; reasons: string[] }>
    expect(first).toMatchObject({ heading: { code: '6911' }, subheading: { code: '691110' } })
    expect(first!.reasons).toEqual(expect.arrayContaining(['porcelain', 'mug']))
    const empty = await call(app, '/api/v1/hs-codes/classify', { body: { description: '   ' } })
    expect(empty.status).toBe(422)
    expect(empty.json).toMatchObject({ code: 'validation_failed', details: { fields: { description: [expect.any(String)] } } })
    expect((await call(app, '/api/v1/hs-codes/classify', { body: { description: 'x'.repeat(2001) } })).status).toBe(422)
    expect((await call(app, '/api/v1/hs-codes/classify', { body: { nothing: true } })).status).toBe(422)
  })

  it('limits lookups per address with a Retry-After', async () => {
    setEnvForTesting(testEnv({ HS_RATE_LIMIT_MAX: '3' }))
    for (let n = 0; n < 3; n++) expect((await call(app, '/api/v1/hs-codes?q=lamp')).status).toBe(200)
    const refused = await call(app, '/api/v1/hs-codes?q=lamp')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
