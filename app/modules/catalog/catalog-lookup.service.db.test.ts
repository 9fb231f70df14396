import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createProduct } from '../../../db/factories/products'
import { findMarketplaceProducts, findOwnProducts, findSuppliers } from './catalog-lookup.service.server'

let kiln: { id: string; name: string }
let rival: { id: string; name: string }
let cup: { id: string }
let draftBowl: { id: string }
let rivalCup: { id: string }

beforeAll(async () => {
  kiln = await createCompany({ name: 'Celadon Kiln Works', kind: 'supplier', city: 'Longquan', verificationStatus: 'accept' })
  rival = await createCompany({ name: 'Rival Ceramics', kind: 'both' })
  await createCompany({ name: 'Celadon Buyers Club', kind: 'buyer' })
  cup = await createProduct({ companyId: kiln.id, sku: 'CK-CUP-150', nameEn: 'Celadon tea cup', nameZhHans: '青瓷茶杯', nameZhHant: '青瓷茶杯' })
  draftBowl = await createProduct({ companyId: kiln.id, sku: 'CK-BOWL-1', nameEn: 'Celadon rice bowl', status: 'draft' })
  rivalCup = await createProduct({ companyId: rival.id, sku: 'RC-CUP-150', nameEn: 'Celadon tea cup' })
})

const ownerOf = (companyId: string, locale: 'en' | 'zh-Hans' = 'en') => contextOf(`user-${companyId}`, companyId, 'member', locale)

describe('finding the company’s own products', () => {
  it('finds products of every status by SKU or by name in any locale, named in the reader’s locale', async () => {
    expect((await findOwnProducts(ownerOf(kiln.id), { q: 'ck-cup', limit: 5 })).map((product) => product.id)).toEqual([cup.id])
    expect((await findOwnProducts(ownerOf(kiln.id), { q: 'celadon', limit: 5 })).map((product) => product.id).sort()).toEqual([cup.id, draftBowl.id].sort())
    expect(await findOwnProducts(ownerOf(kiln.id, 'zh-Hans'), { q: '青瓷', limit: 5 })).toEqual([
      { id: cup.id, sku: 'CK-CUP-150', name: '青瓷茶杯', status: 'published', href: `/app/products/edit?id=${cup.id}` },
    ])
  })

  it('never finds another company’s product, even with the same name', async () => {
    expect((await findOwnProducts(ownerOf(rival.id), { q: 'celadon tea cup', limit: 5 })).map((product) => product.id)).toEqual([rivalCup.id])
    expect(await findOwnProducts(ownerOf(rival.id), { q: 'CK-CUP', limit: 5 })).toEqual([])
  })

  it('finds nothing without a company', async () => {
    const ctx = ownerOf(kiln.id)
    expect(await findOwnProducts({ ...ctx, actor: { ...ctx.actor, companyId: null, memberRole: null } }, { q: 'celadon', limit: 5 })).toEqual([])
  })
})

describe('finding marketplace products and suppliers', () => {
  it('finds published products only, with their supplier, on their public page', async () => {
    const found = await findMarketplaceProducts({ q: 'celadon', limit: 5, locale: 'en' })
    expect(found.map((product) => product.id).sort()).toEqual([cup.id, rivalCup.id].sort())
    expect(found.find((product) => product.id === cup.id)).toEqual({
      id: cup.id,
      name: 'Celadon tea cup',
      supplierName: 'Celadon Kiln Works',
      href: `/b2b/product/${cup.id}`,
    })
  })

  it('finds supplying companies by name, verified first, never a company that only buys', async () => {
    const found = await findSuppliers({ q: 'celadon', limit: 5 })
    expect(found).toEqual([{ id: kiln.id, name: 'Celadon Kiln Works', country: 'CN', city: 'Longquan', verified: true, href: `/b2b/company/${kiln.id}` }])
  })
})
