import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { database } from '../../platform/db/index.server'
import { organizations } from '../companies/companies.tables.server'
import { FEATURED_SUPPLIERS_LIMIT, marketplaceHome, NEW_PRODUCTS_LIMIT } from './marketplace-home.service.server'

const supplier: Record<string, { id: string }> = {}

beforeAll(async () => {
  supplier.big = await createCompany({ name: 'Big Verified Works', kind: 'supplier', verificationStatus: 'accept', country: 'VN', city: 'Hanoi' })
  supplier.small = await createCompany({ name: 'Small Verified Works', kind: 'supplier', verificationStatus: 'accept' })
  supplier.pending = await createCompany({ name: 'Pending Works', kind: 'supplier', verificationStatus: 'pending' })
  supplier.draftsOnly = await createCompany({ name: 'Drafts Only Works', kind: 'supplier', verificationStatus: 'accept' })
  supplier.deleted = await createCompany({ name: 'Deleted Works', kind: 'supplier', verificationStatus: 'accept' })
  await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, supplier.deleted.id))

  for (let index = 0; index < 3; index++)
    await createProduct({ companyId: supplier.big.id, nameEn: `Big mug ${index}`, categoryId: 'mugs-cups', publishedAt: new Date(`2024-01-0${index + 1}`) })
  await createProduct({ companyId: supplier.small.id, nameEn: 'Small bulb', categoryId: 'led-filament-bulbs', publishedAt: new Date('2024-05-01') })
  await createProduct({ companyId: supplier.pending.id, nameEn: 'Pending mug', categoryId: 'mugs-cups', publishedAt: new Date('2024-02-01') })
  await createProduct({ companyId: supplier.draftsOnly.id, nameEn: 'Draft mug', status: 'draft' })
  await createProduct({ companyId: supplier.deleted.id, nameEn: 'Deleted mug', publishedAt: new Date('2024-06-01') })
})

describe('marketplaceHome', () => {
  it('features verified live suppliers with published products, the largest catalogue first', async () => {
    const home = await marketplaceHome('en')
    expect(home.featuredSuppliers.map((company) => [company.name, company.productCount])).toEqual([
      ['Big Verified Works', 3],
      ['Small Verified Works', 1],
    ])
    expect(home.featuredSuppliers[0]).toMatchObject({ id: supplier.big!.id, country: 'VN', city: 'Hanoi', logoUrl: null })
  })

  it('lists the newest published products of live companies, newest first', async () => {
    const home = await marketplaceHome('en')
    expect(home.newProducts.map((product) => product.name)).toEqual(['Small bulb', 'Pending mug', 'Big mug 2', 'Big mug 1', 'Big mug 0'])
    expect(home.productTotal).toBe(5)
    expect(home.newProducts.length).toBeLessThanOrEqual(NEW_PRODUCTS_LIMIT)
  })

  it('counts published products under each top-level category, named in the visitor’s locale', async () => {
    const [en, zh] = await Promise.all([marketplaceHome('en'), marketplaceHome('zh-Hans')])
    const total = en.categories.reduce((sum, category) => sum + category.count, 0)
    expect(total).toBe(5)
    expect(en.categories.every((category) => category.count > 0)).toBe(true)
    expect(zh.categories.map((category) => category.value)).toEqual(en.categories.map((category) => category.value))
    expect(zh.categories[0]?.label).not.toBe(en.categories[0]?.label)
  })

  it('shows at most the featured limit of suppliers', async () => {
    for (let index = 0; index < FEATURED_SUPPLIERS_LIMIT + 1; index++) {
      const company = await createCompany({ name: `Extra Verified ${index}`, kind: 'supplier', verificationStatus: 'accept' })
      await createProduct({ companyId: company.id, nameEn: `Extra product ${index}`, publishedAt: new Date('2023-01-01') })
    }
    const home = await marketplaceHome('en')
    expect(home.featuredSuppliers).toHaveLength(FEATURED_SUPPLIERS_LIMIT)
    expect(home.featuredSuppliers[0]?.name).toBe('Big Verified Works')
  })
})
