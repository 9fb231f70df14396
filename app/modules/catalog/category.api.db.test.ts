import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from './catalog.tables.server'
import { database } from '../../platform/db/index.server'
import { createMember } from '../../../db/factories/companies'
import { insertProduct } from '../../../tests/factories/catalog-products'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let admin: CookieJar
let owner: CookieJar

beforeAll(async () => {
  app = testApp()
  admin = await signInWithCookies(app, await createUser({ role: 'admin' }))
  owner = await signInWithCookies(app, (await createMember({ role: 'owner', companyInput: { kind: 'supplier' } })).user)
})

const names = { name_en: 'Solar Panels', name_zh_hans: '太阳能电池板', name_zh_hant: '太陽能電池板' }

describe('/api/v1/categories (platform admins)', () => {
  it('creates, renames, moves, reorders and deletes a category in snake_case', async () => {
    const created = await call(app, '/api/v1/categories', { method: 'POST', body: { id: 'solar-panels', parent_id: 'electrical', ...names }, jar: admin })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ id: 'solar-panels', parent_id: 'electrical', name_zh_hant: '太陽能電池板' })

    const tree = await call(app, '/api/v1/categories', { headers: { 'accept-language': 'zh-Hans' } })
    const electrical = (tree.json.items as Array<{ id: string; children: Array<{ id: string; name: string }> }>).find((item) => item.id === 'electrical')
    expect(electrical?.children.at(-1)).toMatchObject({ id: 'solar-panels', name: '太阳能电池板' })

    const renamed = await call(app, '/api/v1/categories/solar-panels', {
      method: 'PATCH',
      body: { name_en: 'Solar Modules', name_zh_hans: '', name_zh_hant: '' },
      jar: admin,
    })
    expect(renamed.status).toBe(200)
    expect(renamed.json).toMatchObject({ name_en: 'Solar Modules', name_zh_hans: '' })

    const moved = await call(app, '/api/v1/categories/solar-panels/move', { method: 'POST', body: { parent_id: null }, jar: admin })
    expect(moved.json).toMatchObject({ parent_id: null })
    const lastPosition = moved.json.position as number
    const reordered = await call(app, '/api/v1/categories/solar-panels/reorder', { method: 'POST', body: { direction: 'up' }, jar: admin })
    expect(reordered.json).toMatchObject({ position: lastPosition - 1 })

    expect((await call(app, '/api/v1/categories/solar-panels', { method: 'DELETE', jar: admin })).status).toBe(204)
    expect((await call(app, '/api/v1/categories/solar-panels', { method: 'DELETE', jar: admin })).status).toBe(404)
  })

  it('answers 422 with translated messages under the JSON names', async () => {
    const taken = await call(app, '/api/v1/categories', {
      method: 'POST',
      body: { id: 'lighting', parent_id: 'no-such-parent', ...names },
      jar: admin,
      headers: { 'accept-language': 'en' },
    })
    expect(taken.status).toBe(422)
    expect(taken.json.details).toMatchObject({ fields: { id: ['Another category already uses this slug.'] } })
    const badSlug = await call(app, '/api/v1/categories', {
      method: 'POST',
      body: { id: 'Solar Panels', ...names },
      jar: admin,
      headers: { 'accept-language': 'zh-Hant' },
    })
    expect(badSlug.json.details).toMatchObject({ fields: { id: ['請使用 1–64 個小寫字母、數字或連字號。'] } })
    const cycle = await call(app, '/api/v1/categories/lighting/move', {
      method: 'POST',
      body: { parent_id: 'led-bulbs' },
      jar: admin,
      headers: { 'accept-language': 'en' },
    })
    expect(cycle.status).toBe(422)
    expect(cycle.json.details).toMatchObject({ fields: { parent_id: ['A category cannot move under itself or one of its subcategories.'] } })
  })

  it('refuses to delete a category that subcategories or products use, with the reason', async () => {
    const withChildren = await call(app, '/api/v1/categories/lighting', { method: 'DELETE', jar: admin })
    expect(withChildren.status).toBe(409)
    expect(withChildren.json).toMatchObject({ code: 'conflict', details: { reason: 'category_has_children' } })
    await call(app, '/api/v1/categories', { method: 'POST', body: { id: 'used-leaf', ...names }, jar: admin })
    const { company } = await createMember({ role: 'owner' })
    const product = await insertProduct(company.id)
    await database().update(products).set({ categoryId: 'used-leaf' }).where(eq(products.id, product.id))
    const inUse = await call(app, '/api/v1/categories/used-leaf', { method: 'DELETE', jar: admin })
    expect(inUse.status).toBe(409)
    expect(inUse.json).toMatchObject({ code: 'conflict', details: { reason: 'category_in_use', count: 1 } })
    await database().delete(products).where(eq(products.id, product.id))
    expect((await call(app, '/api/v1/categories/used-leaf', { method: 'DELETE', jar: admin })).status).toBe(204)
  })

  it('answers 401 to anonymous callers and 403 to users who are not platform admins, before validating', async () => {
    const requests: Array<[string, string, unknown]> = [
      ['POST', '/api/v1/categories', { id: 'BAD SLUG' }],
      ['PATCH', '/api/v1/categories/lighting', {}],
      ['POST', '/api/v1/categories/lighting/move', { parent_id: 'lighting' }],
      ['POST', '/api/v1/categories/lighting/reorder', { direction: 'sideways' }],
      ['DELETE', '/api/v1/categories/lighting', undefined],
    ]
    for (const [method, path, body] of requests) {
      const options = body === undefined ? { method } : { method, body }
      expect((await call(app, path, options)).status, `${method} ${path}`).toBe(401)
      expect((await call(app, path, { ...options, jar: owner })).status, `${method} ${path}`).toBe(403)
    }
  })
})
