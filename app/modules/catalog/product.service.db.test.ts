import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import type { AppError } from '../../platform/errors'
import { listCompanyAudit } from '../kernel/index.server'
import { files } from '../kernel/kernel.tables.server'
import { type VerificationStatus } from '../companies/index'
import { type AuditAction, AuditQuery } from '../kernel/index'
import type { CompanyKind } from '../../platform/actor'
import { categoryTree, flattenCategories } from './category.service.server'
import { CreatePriceListInput, SetPriceListLinesInput } from './price-list.inputs'
import { activatePriceList, createPriceList, getPriceList, setPriceListLines } from './price-list.service.server'
import { CreateProductInput, QuickEditProductInput, UpdateProductInput } from './product.inputs'
import {
  createProduct,
  getProduct,
  listProducts,
  productCovers,
  quickEditProduct,
  setProductImages,
  setProductStatus,
  updateProduct,
} from './product.service.server'

function contextOf(userId: string, companyId: string, memberRole: MemberRole): ServiceContext {
  return {
    actor: { userId, sessionId: 'test-session', companyId, memberRole, platformRole: 'user', companyKind: 'supplier', contactVerified: true, aal: 'aal1' },
    locale: 'en',
    requestId: 'test',
  }
}

async function supplier(options: { role?: MemberRole; kind?: CompanyKind; verificationStatus?: VerificationStatus; company?: { id: string } } = {}) {
  const role = options.role ?? 'owner'
  const { user, company } = await createMember({
    role,
    company: options.company,
    companyInput: { kind: options.kind ?? 'supplier', verificationStatus: options.verificationStatus ?? 'accept' },
  })
  return { ctx: contextOf(user.id, company.id, role), company }
}

const input = (overrides: Record<string, unknown> = {}) =>
  CreateProductInput.parse({
    nameEn: 'LED panel light 600x600',
    nameZhHans: 'LED面板灯',
    sku: `LED-${randomUUID().slice(0, 8)}`,
    categoryId: 'lighting',
    hsCode: '940511',
    originCountry: 'cn',
    unit: 'piece',
    moq: '100',
    leadTimeDays: '20',
    attributes: [{ name: 'Wattage', value: '40 W' }],
    ...overrides,
  })

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: AppError) => error,
  )
}

describe('createProduct', () => {
  it('stores a draft product with its search document', async () => {
    const { ctx, company } = await supplier()
    const product = await createProduct(ctx, input({ sku: 'PANEL-1' }))
    expect(product).toMatchObject({ organizationId: company.id, sku: 'PANEL-1', status: 'draft', originCountry: 'CN', moq: 100, leadTimeDays: 20, version: 1 })
    expect(product.searchDocument).toContain('panel')
    expect(product.searchDocument).toContain('面板')
  })

  it('refuses a SKU the company already uses, but another company may use it', async () => {
    const first = await supplier()
    const second = await supplier()
    await createProduct(first.ctx, input({ sku: 'SAME-1' }))
    const error = await rejection(createProduct(first.ctx, input({ sku: 'SAME-1' })))
    expect(error.code).toBe('validation_failed')
    expect(error.details?.fields).toEqual({ sku: ['validation.skuTaken'] })
    await expect(createProduct(second.ctx, input({ sku: 'SAME-1' }))).resolves.toMatchObject({ sku: 'SAME-1' })
  })

  it('refuses an unknown category and an HS code that is not a 6-digit subheading', async () => {
    const { ctx } = await supplier()
    const error = await rejection(createProduct(ctx, input({ categoryId: 'no-such-category', hsCode: '999999' })))
    expect(error.details?.fields).toEqual({ categoryId: ['validation.category'], hsCode: ['validation.hsCode'] })
  })

  it('validates names, SKU, country, unit, MOQ, lead time and attributes with field keys', () => {
    const result = CreateProductInput.safeParse({
      nameEn: '',
      sku: 'bad sku!',
      categoryId: 'lighting',
      hsCode: '9405',
      originCountry: 'XX',
      unit: 'bucket',
      moq: 0,
      leadTimeDays: 400,
      attributes: Array.from({ length: 31 }, (_, i) => ({ name: `n${i}`, value: 'v' })),
    })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
    expect(messages).toMatchObject({
      nameEn: 'validation.nameEn',
      sku: 'validation.sku',
      hsCode: 'validation.hsCode',
      originCountry: 'validation.country',
      unit: 'validation.unit',
      moq: 'validation.moq',
      leadTimeDays: 'validation.leadTime',
      attributes: 'validation.tooManyAttributes',
    })
  })

  it('refuses members (403)', async () => {
    const { ctx } = await supplier({ role: 'member' })
    expect((await rejection(createProduct(ctx, input()))).code).toBe('insufficient_role')
  })
})

describe('updateProduct', () => {
  it('saves a change and bumps the version; a stale version is a 409', async () => {
    const { ctx } = await supplier()
    const created = await createProduct(ctx, input())
    const updated = await updateProduct(ctx, created.id, UpdateProductInput.parse({ ...input({ sku: created.sku, nameEn: 'LED panel 60' }), version: 1 }))
    expect(updated).toMatchObject({ nameEn: 'LED panel 60', version: 2 })
    const stale = await rejection(updateProduct(ctx, created.id, UpdateProductInput.parse({ ...input({ sku: created.sku }), version: 1 })))
    expect(stale.code).toBe('stale_version')
  })

  it('answers 404 for another company’s product and 403 for a member of the owning company', async () => {
    const owner = await supplier()
    const product = await createProduct(owner.ctx, input())
    const stranger = await supplier()
    const change = UpdateProductInput.parse({ ...input({ sku: product.sku }), version: 1 })
    expect((await rejection(updateProduct(stranger.ctx, product.id, change))).code).toBe('not_found')
    expect((await rejection(getProduct(stranger.ctx, product.id))).code).toBe('not_found')
    const member = await supplier({ role: 'member', company: owner.company })
    expect((await rejection(updateProduct(member.ctx, product.id, change))).code).toBe('insufficient_role')
    await expect(getProduct(member.ctx, product.id)).resolves.toMatchObject({ id: product.id, images: [] })
  })
})

describe('listProducts', () => {
  it('lists only the company’s products, filtered by text and status, paged', async () => {
    const { ctx } = await supplier()
    const other = await supplier()
    await createProduct(ctx, input({ sku: 'LAMP-1', nameEn: 'Desk lamp' }))
    await createProduct(ctx, input({ sku: 'FAN-1', nameEn: 'Ceiling fan' }))
    await createProduct(other.ctx, input({ sku: 'LAMP-2', nameEn: 'Desk lamp' }))
    const lamps = await listProducts(ctx, { q: 'lamp' })
    expect(lamps.items.map((p) => p.sku)).toEqual(['LAMP-1'])
    expect(lamps.total).toBe(1)
    const firstPage = await listProducts(ctx, { sort: 'sku_asc', limit: 1 })
    expect(firstPage).toMatchObject({ total: 2, limit: 1, offset: 0 })
    expect(firstPage.items.map((p) => p.sku)).toEqual(['FAN-1'])
    expect((await listProducts(ctx, { status: 'published' })).total).toBe(0)
  })
})

describe('setProductStatus', () => {
  it('publishes for an accepted or pending supplier and archives', async () => {
    for (const verificationStatus of ['accept', 'pending'] as const) {
      const { ctx } = await supplier({ verificationStatus })
      const product = await createProduct(ctx, input())
      await expect(setProductStatus(ctx, { ids: [product.id], status: 'published' })).resolves.toEqual({ updated: 1 })
      expect(await getProduct(ctx, product.id)).toMatchObject({ status: 'published', publishedAt: expect.any(Date) })
      await expect(setProductStatus(ctx, { ids: [product.id], status: 'archived' })).resolves.toEqual({ updated: 1 })
    }
  })

  it('refuses to publish for an unverified or rejected supplier, or a buyer', async () => {
    for (const company of [{ verificationStatus: 'unverified' }, { verificationStatus: 'reject' }, { kind: 'buyer', verificationStatus: 'accept' }] as const) {
      const { ctx } = await supplier(company)
      const product = await createProduct(ctx, input())
      expect((await rejection(setProductStatus(ctx, { ids: [product.id], status: 'published' }))).code).toBe('publish_not_allowed')
      await expect(setProductStatus(ctx, { ids: [product.id], status: 'archived' })).resolves.toEqual({ updated: 1 })
    }
  })

  it('answers 404 when any id is another company’s, and 403 for members', async () => {
    const { ctx, company } = await supplier()
    const other = await supplier()
    const mine = await createProduct(ctx, input())
    const theirs = await createProduct(other.ctx, input())
    expect((await rejection(setProductStatus(ctx, { ids: [mine.id, theirs.id], status: 'archived' }))).code).toBe('not_found')
    const member = await supplier({ role: 'member', company })
    expect((await rejection(setProductStatus(member.ctx, { ids: [mine.id], status: 'archived' }))).code).toBe('insufficient_role')
  })
})

describe('setProductImages', () => {
  const imageOf = async (companyId: string, contentType = 'image/png') => {
    const id = randomUUID()
    await database()
      .insert(files)
      .values({ id, organizationId: companyId, name: 'photo.png', contentType, sizeBytes: 10, purpose: 'attachment', storageKey: `test/${id}`, sha256: 'x' })
    return id
  }

  it('stores the gallery in the given order with alt texts, and replaces it', async () => {
    const { ctx, company } = await supplier()
    const product = await createProduct(ctx, input())
    const [a, b] = [await imageOf(company.id), await imageOf(company.id)]
    const images = await setProductImages(ctx, product.id, {
      images: [
        { fileId: b, alt: 'Back' },
        { fileId: a, alt: 'Front' },
      ],
    })
    expect(images.map((image) => [image.fileId, image.position, image.alt])).toEqual([
      [b, 0, 'Back'],
      [a, 1, 'Front'],
    ])
    expect(await setProductImages(ctx, product.id, { images: [{ fileId: a, alt: '' }] })).toHaveLength(1)
  })

  it('refuses files of another company and files that are not images', async () => {
    const { ctx, company } = await supplier()
    const other = await supplier()
    const product = await createProduct(ctx, input())
    const foreign = await imageOf(other.company.id)
    const pdf = await imageOf(company.id, 'application/pdf')
    for (const fileId of [foreign, pdf]) {
      expect((await rejection(setProductImages(ctx, product.id, { images: [{ fileId, alt: '' }] }))).details?.fields).toEqual({ images: ['validation.image'] })
    }
  })
})

describe('categories and HS codes', () => {
  it('reads the seeded tree with localized names', async () => {
    const tree = await categoryTree('zh-Hans')
    const lighting = tree.find((node) => node.id === 'lighting')
    expect(lighting?.name).toBe('照明')
    expect(lighting?.children.length).toBeGreaterThan(0)
    expect(flattenCategories(tree).length).toBe(90)
  })
})

/** The company's activity log entries about one product, oldest first. */
async function productAudit(ctx: ServiceContext, productId: string, action?: AuditAction) {
  const page = await listCompanyAudit(ctx, AuditQuery.parse({ action, limit: 100 }))
  return page.items.filter((entry) => entry.targetType === 'product' && entry.targetId === productId).reverse()
}

const imageFile = async (companyId: string) => {
  const id = randomUUID()
  await database()
    .insert(files)
    .values({
      id,
      organizationId: companyId,
      name: 'photo.png',
      contentType: 'image/png',
      sizeBytes: 10,
      purpose: 'product_image',
      storageKey: `test/${id}`,
      sha256: 'x',
    })
  return id
}

describe('the activity log of products', () => {
  it('records creation, edits, status changes and gallery changes with before and after', async () => {
    const { ctx, company } = await supplier()
    const product = await createProduct(ctx, input({ sku: 'AUDIT-1', nameEn: 'Desk lamp' }))
    await updateProduct(ctx, product.id, UpdateProductInput.parse({ ...input({ sku: 'AUDIT-1', nameEn: 'Desk lamp, brass' }), version: 1 }))
    await setProductStatus(ctx, { ids: [product.id], status: 'published' })
    await setProductImages(ctx, product.id, { images: [{ fileId: await imageFile(company.id), alt: '' }] })

    const entries = await productAudit(ctx, product.id)
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['product.created', null, { sku: 'AUDIT-1', nameEn: 'Desk lamp', categoryId: 'lighting', moq: 100, status: 'draft' }],
      ['product.updated', { nameEn: 'Desk lamp' }, { sku: 'AUDIT-1', nameEn: 'Desk lamp, brass' }],
      ['product.status_changed', { status: 'draft' }, { sku: 'AUDIT-1', status: 'published' }],
      ['product.images_changed', { images: 0 }, { sku: 'AUDIT-1', images: 1 }],
    ])
    expect(entries.every((entry) => entry.actorUserId === ctx.actor.userId)).toBe(true)
    expect((await productAudit(ctx, product.id, 'product.status_changed')).map((entry) => entry.action)).toEqual(['product.status_changed'])
  })

  it('records nothing for a refused change or a status that was already set', async () => {
    const { ctx } = await supplier({ verificationStatus: 'unverified' })
    const product = await createProduct(ctx, input())
    await rejection(setProductStatus(ctx, { ids: [product.id], status: 'published' }))
    await rejection(updateProduct(ctx, product.id, UpdateProductInput.parse({ ...input({ sku: product.sku }), version: 7 })))
    await setProductStatus(ctx, { ids: [product.id], status: 'draft' })
    expect((await productAudit(ctx, product.id)).map((entry) => entry.action)).toEqual(['product.created'])
  })
})

describe('quickEditProduct', () => {
  const activeList = async (ctx: ServiceContext, breaks: Array<[string, number, string]> = []) => {
    const list = await createPriceList(ctx, CreatePriceListInput.parse({ name: 'Wholesale', currency: 'EUR' }))
    await setPriceListLines(
      ctx,
      list.id,
      SetPriceListLinesInput.parse({ lines: breaks.map(([productId, minQuantity, unitPrice]) => ({ productId, minQuantity, unitPrice })) }),
    )
    await activatePriceList(ctx, list.id)
    return list
  }

  it('changes MOQ and status at once, bumps the version and records both in the activity log', async () => {
    const { ctx } = await supplier()
    const product = await createProduct(ctx, input({ sku: 'QUICK-1' }))
    const edited = await quickEditProduct(ctx, product.id, QuickEditProductInput.parse({ version: '1', moq: '250', status: 'published' }))
    expect(edited).toMatchObject({ moq: 250, status: 'published', version: 2, publishedAt: expect.any(Date) })
    // Both entries come from one transaction, so they share a timestamp: compared in action order.
    const entries = (await productAudit(ctx, product.id)).filter((entry) => entry.action !== 'product.created').sort((a, b) => a.action.localeCompare(b.action))
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['product.status_changed', { status: 'draft' }, { sku: 'QUICK-1', status: 'published' }],
      ['product.updated', { moq: 100 }, { sku: 'QUICK-1', moq: 250 }],
    ])
  })

  it('refuses a stale version with a 409 and changes nothing', async () => {
    const { ctx } = await supplier()
    const product = await createProduct(ctx, input())
    await quickEditProduct(ctx, product.id, { version: 1, moq: 5 })
    const stale = await rejection(quickEditProduct(ctx, product.id, { version: 1, moq: 9, status: 'archived' }))
    expect(stale.code).toBe('stale_version')
    expect(await getProduct(ctx, product.id)).toMatchObject({ moq: 5, status: 'draft', version: 2 })
  })

  it('keeps the product and its version when nothing differs', async () => {
    const { ctx } = await supplier()
    const product = await createProduct(ctx, input())
    expect(await quickEditProduct(ctx, product.id, { version: 1, moq: 100, status: 'draft' })).toMatchObject({ version: 1 })
    expect((await productAudit(ctx, product.id)).map((entry) => entry.action)).toEqual(['product.created'])
  })

  it('sets the lowest break of the active list, exact, and the public from price follows', async () => {
    const { ctx } = await supplier()
    const product = await createProduct(ctx, input({ sku: 'PRICED-1' }))
    const list = await activeList(ctx, [
      [product.id, 10, '3.50'],
      [product.id, 100, '2.75'],
    ])
    const edited = await quickEditProduct(ctx, product.id, QuickEditProductInput.parse({ version: '1', unitPrice: '1.2345' }))
    expect(edited).toMatchObject({ version: 2, fromPrice: '1.2345', fromPriceCurrency: 'EUR' })
    expect((await getPriceList(ctx, list.id)).lines.map((line) => [line.minQuantity, line.unitPrice])).toEqual([
      [10, '1.2345'],
      [100, '2.7500'],
    ])
    const [entry] = await productAudit(ctx, product.id, 'product.updated')
    expect(entry).toMatchObject({ before: { unitPrice: '3.5000' }, after: { sku: 'PRICED-1', unitPrice: '1.2345', currency: 'EUR' } })
  })

  it('adds a break from one unit when the product has no price in the active list', async () => {
    const { ctx } = await supplier()
    const product = await createProduct(ctx, input())
    const list = await activeList(ctx)
    await quickEditProduct(ctx, product.id, { version: 1, unitPrice: '19.99' })
    expect((await getPriceList(ctx, list.id)).lines.map((line) => [line.productId, line.minQuantity, line.unitPrice])).toEqual([[product.id, 1, '19.9900']])
    expect(await getProduct(ctx, product.id)).toMatchObject({ fromPrice: '19.9900', version: 2 })
  })

  it('refuses a price without an active list and publishing for an unverified supplier, changing nothing', async () => {
    const { ctx } = await supplier({ verificationStatus: 'unverified' })
    const product = await createProduct(ctx, input())
    const noList = await rejection(quickEditProduct(ctx, product.id, { version: 1, moq: 7, unitPrice: '2' }))
    expect(noList.details?.fields).toEqual({ unitPrice: ['validation.noActivePriceList'] })
    expect((await rejection(quickEditProduct(ctx, product.id, { version: 1, moq: 7, status: 'published' }))).code).toBe('publish_not_allowed')
    expect(await getProduct(ctx, product.id)).toMatchObject({ moq: 100, status: 'draft', version: 1 })
  })

  it('answers 404 for another company’s product and 403 for a member', async () => {
    const owner = await supplier()
    const product = await createProduct(owner.ctx, input())
    const stranger = await supplier()
    expect((await rejection(quickEditProduct(stranger.ctx, product.id, { version: 1, moq: 3 }))).code).toBe('not_found')
    const member = await supplier({ role: 'member', company: owner.company })
    expect((await rejection(quickEditProduct(member.ctx, product.id, { version: 1, moq: 3 }))).code).toBe('insufficient_role')
  })

  it('validates MOQ, status and price with field keys; blank fields mean unchanged', () => {
    const result = QuickEditProductInput.safeParse({ version: 'x', moq: '0', status: 'sold', unitPrice: '1.23456' })
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
    expect(messages).toEqual({ version: 'validation.version', moq: 'validation.moq', status: 'validation.status', unitPrice: 'validation.unitPrice' })
    expect(QuickEditProductInput.parse({ version: '3', moq: '', status: '', unitPrice: '' })).toEqual({ version: 3 })
  })
})

describe('productCovers', () => {
  it('answers the first image of each of the company’s products only', async () => {
    const { ctx, company } = await supplier()
    const other = await supplier()
    const withImages = await createProduct(ctx, input())
    const without = await createProduct(ctx, input())
    const foreign = await createProduct(other.ctx, input())
    const [first, second] = [await imageFile(company.id), await imageFile(company.id)]
    await setProductImages(ctx, withImages.id, {
      images: [
        { fileId: first, alt: '' },
        { fileId: second, alt: '' },
      ],
    })
    await setProductImages(other.ctx, foreign.id, { images: [{ fileId: await imageFile(other.company.id), alt: '' }] })
    expect(await productCovers(ctx, [withImages.id, without.id, foreign.id])).toEqual({ [withImages.id]: first })
  })
})
