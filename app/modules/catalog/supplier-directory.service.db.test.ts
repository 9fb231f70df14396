import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { database } from '../../platform/db/index.server'
import { certifications, companyProfiles, organizations } from '../companies/companies.tables.server'
import { files } from '../kernel/kernel.tables.server'
import { productImages } from './catalog.tables.server'
import { getSupplierProfile, listSuppliers, supplierCountries } from './supplier-directory.service.server'

const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id)

const company: Record<string, string> = {}
const product: Record<string, string> = {}
const photo: Record<string, string> = {}

async function insertFile(organizationId: string, purpose: 'logo' | 'factory_photo' | 'certification') {
  const id = randomUUID()
  await database()
    .insert(files)
    .values({ id, organizationId, name: `${purpose}.png`, contentType: 'image/png', sizeBytes: 10, purpose, storageKey: id, sha256: 'x' })
  return id
}

beforeAll(async () => {
  const make = async (key: string, input: Parameters<typeof createCompany>[0], profile: Partial<typeof companyProfiles.$inferInsert> = {}) => {
    company[key] = (await createCompany(input)).id
    if (Object.keys(profile).length > 0) await database().update(companyProfiles).set(profile).where(eq(companyProfiles.organizationId, company[key]!))
  }
  await make(
    'kiln',
    { name: 'Bamboo Kiln Ceramics', kind: 'supplier', country: 'CN', city: 'Jingdezhen', supplierType: 'manufacturer', verificationStatus: 'accept' },
    { mainProducts: ['Porcelain mugs', 'Tea sets'] },
  )
  await make(
    'lamps',
    { name: 'Amber Lamp Works', kind: 'both', country: 'VN', city: 'Hanoi', supplierType: 'trading_company', verificationStatus: 'pending' },
    { mainProducts: ['LED bulbs', '灯泡'] },
  )
  await make('zeta', { name: 'Zeta 100% Trading', kind: 'supplier', country: 'CN', supplierType: 'wholesaler', verificationStatus: 'unverified' })
  await make('buyer', { name: 'Harbour Buyer', kind: 'buyer', country: 'CN', verificationStatus: 'accept' })
  await make('service', { name: 'Swift Freight', kind: 'service_provider', country: 'CN', supplierType: 'logistics_provider', verificationStatus: 'accept' })
  await make('gone', { name: 'Gone Ceramics', kind: 'supplier', country: 'CN', verificationStatus: 'accept' })
  await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, company.gone!))
  // Join dates decide "newest": the kiln joined first, zeta last.
  await database()
    .update(organizations)
    .set({ createdAt: new Date('2020-01-01') })
    .where(eq(organizations.id, company.kiln!))
  await database()
    .update(organizations)
    .set({ createdAt: new Date('2022-01-01') })
    .where(eq(organizations.id, company.lamps!))
  await database()
    .update(organizations)
    .set({ createdAt: new Date('2024-01-01') })
    .where(eq(organizations.id, company.zeta!))

  const logo = await insertFile(company.kiln!, 'logo')
  await database().update(organizations).set({ logoFileId: logo }).where(eq(organizations.id, company.kiln!))
  // A logo pointing at a private file is not shown.
  const privateFile = await insertFile(company.lamps!, 'certification')
  await database().update(organizations).set({ logoFileId: privateFile }).where(eq(organizations.id, company.lamps!))

  const addProduct = async (key: string, input: Parameters<typeof createProduct>[0]) => {
    product[key] = (await createProduct(input)).id
  }
  await addProduct('mugOld', { companyId: company.kiln!, nameEn: 'Porcelain Mug', nameZhHans: '瓷杯', publishedAt: new Date('2024-01-01') })
  await addProduct('mugNew', { companyId: company.kiln!, nameEn: 'Glazed Mug', publishedAt: new Date('2024-06-01') })
  await addProduct('plate', { companyId: company.kiln!, nameEn: 'Dinner Plate', categoryId: 'porcelain-plates', publishedAt: new Date('2024-03-01') })
  await addProduct('kilnDraft', { companyId: company.kiln!, nameEn: 'Draft Vase', status: 'draft' })
  await addProduct('bulb', { companyId: company.lamps!, nameEn: 'LED Filament Bulb', categoryId: 'led-filament-bulbs' })
  await addProduct('bulb2', { companyId: company.lamps!, nameEn: 'LED Candle Bulb', categoryId: 'led-filament-bulbs' })
  await addProduct('zetaDraft', { companyId: company.zeta!, nameEn: 'Draft Lamp', categoryId: 'lighting', status: 'draft' })
  await database()
    .insert(productImages)
    .values({ id: randomUUID(), productId: product.mugNew!, fileId: await insertFile(company.kiln!, 'factory_photo'), position: 0 })

  photo.first = await insertFile(company.kiln!, 'factory_photo')
  photo.second = await insertFile(company.kiln!, 'factory_photo')
  const foreignPhoto = await insertFile(company.lamps!, 'factory_photo')
  const certificateFile = await insertFile(company.kiln!, 'certification')
  await database()
    .update(companyProfiles)
    .set({
      factoryPhotoFileIds: [photo.second, foreignPhoto, photo.first, certificateFile],
      description: { en: 'Porcelain since 1998.', 'zh-Hant': '自1998年起製作瓷器。' },
      website: 'https://kiln.example',
      yearFounded: 1998,
      size: '51-200',
      capabilities: ['OEM'],
      exportMarkets: ['US', 'DE'],
    })
    .where(eq(companyProfiles.organizationId, company.kiln!))
  await database()
    .insert(certifications)
    .values([
      {
        id: randomUUID(),
        organizationId: company.kiln!,
        name: 'ISO 9001',
        issuer: 'TÜV',
        certificateNumber: 'SECRET-123',
        validUntil: '2027-05-01',
        fileId: certificateFile,
      },
      { id: randomUUID(), organizationId: company.kiln!, name: 'BSCI', issuer: 'amfori' },
    ])
})

describe('listSuppliers', () => {
  it('lists live supplying companies only: no buyers, service providers or deleted companies', async () => {
    const page = await listSuppliers({})
    expect(ids(page).sort()).toEqual([company.kiln, company.lamps, company.zeta].sort())
    expect(page.total).toBe(3)
  })

  it('puts verified suppliers first, then sorts by name', async () => {
    expect(ids(await listSuppliers({}))).toEqual([company.kiln, company.lamps, company.zeta])
    expect(ids(await listSuppliers({ sort: 'verified' }))).toEqual([company.kiln, company.lamps, company.zeta])
  })

  it('sorts by newest member and by published product count', async () => {
    expect(ids(await listSuppliers({ sort: 'newest' }))).toEqual([company.zeta, company.lamps, company.kiln])
    expect(ids(await listSuppliers({ sort: 'products' }))).toEqual([company.kiln, company.lamps, company.zeta])
  })

  it('searches the name and the main products, case-insensitively, with wildcards taken literally', async () => {
    expect(ids(await listSuppliers({ q: 'KILN' }))).toEqual([company.kiln])
    expect(ids(await listSuppliers({ q: 'tea sets' }))).toEqual([company.kiln])
    expect(ids(await listSuppliers({ q: '灯泡' }))).toEqual([company.lamps])
    expect(ids(await listSuppliers({ q: '100%' }))).toEqual([company.zeta])
    expect(ids(await listSuppliers({ q: '%' }))).toEqual([company.zeta])
    expect(ids(await listSuppliers({ q: 'a_b' }))).toEqual([])
  })

  it('filters by country, supplier type and verification', async () => {
    expect(ids(await listSuppliers({ country: 'vn' }))).toEqual([company.lamps])
    expect(ids(await listSuppliers({ supplierType: 'wholesaler' }))).toEqual([company.zeta])
    expect(ids(await listSuppliers({ verifiedOnly: true }))).toEqual([company.kiln])
    expect(ids(await listSuppliers({ country: 'CN', verifiedOnly: true, supplierType: 'trading_company' }))).toEqual([])
  })

  it('filters by category, including its subcategories, counting published products only', async () => {
    expect(ids(await listSuppliers({ categoryId: 'lighting' }))).toEqual([company.lamps])
    expect(ids(await listSuppliers({ categoryId: 'led-filament-bulbs' }))).toEqual([company.lamps])
    expect(ids(await listSuppliers({ categoryId: 'porcelain-plates' }))).toEqual([company.kiln])
    expect(ids(await listSuppliers({ categoryId: 'no-such-category' }))).toEqual([])
  })

  it('pages through the results with a stable total', async () => {
    const first = await listSuppliers({ limit: 2 })
    const second = await listSuppliers({ limit: 2, offset: 2 })
    expect(ids(first)).toEqual([company.kiln, company.lamps])
    expect(ids(second)).toEqual([company.zeta])
    expect([first.total, second.total]).toEqual([3, 3])
    expect(second).toMatchObject({ limit: 2, offset: 2 })
  })

  it('describes each company on its card', async () => {
    const { items } = await listSuppliers({})
    const kiln = items.find((item) => item.id === company.kiln)
    expect(kiln).toMatchObject({
      name: 'Bamboo Kiln Ceramics',
      verified: true,
      country: 'CN',
      city: 'Jingdezhen',
      supplierType: 'manufacturer',
      mainProducts: ['Porcelain mugs', 'Tea sets'],
      productCount: 3,
    })
    expect(kiln?.logoUrl).toMatch(/^\/api\/v1\/files\/[\w-]+\/thumbnail$/)
    expect(items.find((item) => item.id === company.lamps)).toMatchObject({ verified: false, logoUrl: null, productCount: 2 })
    expect(items.find((item) => item.id === company.zeta)?.productCount).toBe(0)
  })
})

describe('supplierCountries', () => {
  it('names each country of a listed supplier once', async () => {
    expect(await supplierCountries()).toEqual(['CN', 'VN'])
  })
})

describe('getSupplierProfile', () => {
  it('is null for buyer-only, service-provider, deleted, unknown and malformed ids', async () => {
    for (const id of [company.buyer!, company.service!, company.gone!, randomUUID(), 'bad id', '../etc', 'x'.repeat(65), '']) {
      expect(await getSupplierProfile(id, 'en'), id).toBeNull()
    }
  })

  it('shows the about text in the visitor’s locale with an English fallback', async () => {
    expect((await getSupplierProfile(company.kiln!, 'en'))?.description).toBe('Porcelain since 1998.')
    expect((await getSupplierProfile(company.kiln!, 'zh-Hant'))?.description).toBe('自1998年起製作瓷器。')
    expect((await getSupplierProfile(company.kiln!, 'zh-Hans'))?.description).toBe('Porcelain since 1998.')
  })

  it('shows the facts, the verification and certification names without their files or numbers', async () => {
    const profile = await getSupplierProfile(company.kiln!, 'en')
    expect(profile).toMatchObject({
      name: 'Bamboo Kiln Ceramics',
      verified: true,
      verificationStatus: 'accept',
      website: 'https://kiln.example',
      yearFounded: 1998,
      size: '51-200',
      supplierType: 'manufacturer',
      capabilities: ['OEM'],
      exportMarkets: ['US', 'DE'],
    })
    expect(profile?.verifiedAt).not.toBeNull()
    expect(profile?.certifications.map(({ name, issuer, validUntil }) => ({ name, issuer, validUntil }))).toEqual([
      { name: 'BSCI', issuer: 'amfori', validUntil: null },
      { name: 'ISO 9001', issuer: 'TÜV', validUntil: '2027-05-01' },
    ])
    expect(JSON.stringify(profile)).not.toContain('SECRET-123')
    const unverified = await getSupplierProfile(company.lamps!, 'en')
    expect(unverified).toMatchObject({ verified: false, verificationStatus: 'pending', verifiedAt: null, logoUrl: null })
  })

  it('shows the company’s own factory photos in its order and nothing else', async () => {
    const profile = await getSupplierProfile(company.kiln!, 'en')
    expect(profile?.factoryPhotos.map((item) => item.id)).toEqual([photo.second, photo.first])
    expect(profile?.factoryPhotos[0]?.thumbnailUrl).toBe(`/api/v1/files/${photo.second}/thumbnail`)
  })

  it('lists the published products newest first, in pages, with localized names', async () => {
    const first = await getSupplierProfile(company.kiln!, 'zh-Hans', { limit: 2 })
    expect(first?.products.items.map((item) => item.id)).toEqual([product.mugNew, product.plate])
    expect(first?.products.total).toBe(3)
    expect(first?.products.items[0]?.thumbnailUrl).toMatch(/\/thumbnail$/)
    const second = await getSupplierProfile(company.kiln!, 'zh-Hans', { limit: 2, offset: 2 })
    expect(second?.products.items.map((item) => [item.id, item.name])).toEqual([[product.mugOld, '瓷杯']])
  })
})
