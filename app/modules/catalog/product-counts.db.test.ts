import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { supplierOwnerContext } from '../../../db/factories/companies'
import { withTemporaryFileStorage } from '../../../tests/support/file-storage'
import { withJobs } from '../../../tests/support/jobs'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { importJobs } from './catalog.tables.server'
import { cachedProductCount } from './product-counts.server'
import { importSettled, productImportJob } from './product-import.jobs.server'
import { validateRows } from './product-import.rows'
import { getImport, startImport, uploadImport } from './product-import.service.server'
import { loadImportReferences, loadSheet } from './product-import.sheet.server'
import { advanceImport } from './product-import.steps.server'
import { CreateProductInput, QuickEditProductInput, UpdateProductInput } from './product.inputs'
import { createProduct, getProduct, listProducts, quickEditProduct, setProductStatus, updateProduct } from './product.service.server'
import { getSupplierProfile } from './supplier-directory.service.server'

type SupplierContext = ServiceContext & { actor: { companyId: string } }

withTemporaryFileStorage('product-counts')
withJobs([productImportJob])

const supplier = supplierOwnerContext

const product = (sku: string, overrides: Record<string, unknown> = {}) =>
  CreateProductInput.parse({ sku, nameEn: `Lamp ${sku}`, categoryId: 'lighting', originCountry: 'CN', unit: 'piece', moq: '1', ...overrides })

/** Every total the company's pages show: its own list (all, published, lighting, "brass") and its public profile. */
async function totals(ctx: SupplierContext) {
  const [all, published, lighting, brass, profile] = await Promise.all([
    listProducts(ctx, {}),
    listProducts(ctx, { status: 'published' }),
    listProducts(ctx, { categoryId: 'lighting' }),
    listProducts(ctx, { q: 'brass' }),
    getSupplierProfile(ctx.actor.companyId, 'en'),
  ])
  return { all: all.total, published: published.total, lighting: lighting.total, brass: brass.total, profile: profile?.products.total }
}

const csv = (rows: string[]) => new TextEncoder().encode(`sku,name_en,category,origin_country,unit,moq,status\n${rows.join('\n')}\n`)

describe('product counts (issue 15: counted once per catalogue change)', () => {
  it('are answered from memory until the company writes its catalogue', async () => {
    const ctx = await supplier()
    await createProduct(ctx, product('A-1'))
    let counted = 0
    const count = async () => {
      counted++
      return 7
    }
    expect(await cachedProductCount(ctx.actor.companyId, 'test', count)).toBe(7)
    expect(await cachedProductCount(ctx.actor.companyId, 'test', count)).toBe(7)
    expect(counted).toBe(1)
    await createProduct(ctx, product('A-2'))
    expect(await cachedProductCount(ctx.actor.companyId, 'test', count)).toBe(7)
    expect(counted).toBe(2)
    // Another company's writes leave this one's counts alone.
    await createProduct(await supplier(), product('B-1'))
    await cachedProductCount(ctx.actor.companyId, 'test', count)
    expect(counted).toBe(2)
  })

  it('follow every write of the product service', async () => {
    const ctx = await supplier()
    expect(await totals(ctx)).toEqual({ all: 0, published: 0, lighting: 0, brass: 0, profile: 0 })
    const first = await createProduct(ctx, product('C-1'))
    const second = await createProduct(ctx, product('C-2'))
    expect(await totals(ctx)).toEqual({ all: 2, published: 0, lighting: 2, brass: 0, profile: 0 })
    await setProductStatus(ctx, { ids: [first.id], status: 'published' })
    expect(await totals(ctx)).toEqual({ all: 2, published: 1, lighting: 2, brass: 0, profile: 1 })
    const current = await getProduct(ctx, second.id)
    await quickEditProduct(ctx, second.id, QuickEditProductInput.parse({ version: current.version, status: 'published' }))
    expect(await totals(ctx)).toEqual({ all: 2, published: 2, lighting: 2, brass: 0, profile: 2 })
    const edited = await getProduct(ctx, second.id)
    await updateProduct(
      ctx,
      second.id,
      UpdateProductInput.parse({ ...product('C-2', { nameEn: 'Brass lamp', categoryId: 'mugs-cups' }), version: edited.version }),
    )
    expect(await totals(ctx)).toEqual({ all: 2, published: 2, lighting: 1, brass: 1, profile: 2 })
  })

  it('change when an import completes, and when an applied row changes a status, category or name', async () => {
    const ctx = await supplier()
    const done = await importRunToEnd(ctx, csv(['D-1,Paper lamp,lighting,CN,piece,1,published', 'D-2,Glass lamp,lighting,CN,piece,1,draft']))
    expect(done).toMatchObject({ status: 'completed', createdCount: 2 })
    expect(await totals(ctx)).toEqual({ all: 2, published: 1, lighting: 2, brass: 0, profile: 1 })

    // An import of the same rows changes nothing a count filters on: its batches leave the counts cached.
    const same = await stepper(ctx, csv(['D-1,Paper lamp,lighting,CN,piece,5,published', 'D-2,Glass lamp,lighting,CN,piece,6,draft']))
    const sameSteps = await same.run()
    expect(sameSteps.filter((step) => step.phase === 'update' && !step.done).map((step) => step.recounted)).toEqual([false])
    expect(sameSteps.at(-1)).toMatchObject({ done: true, recounted: true })
    expect(sameSteps.filter((step) => step.phaseEnded).map((step) => step.phase)).toEqual(['stage', 'insert', 'update'])

    // New products stay uncounted until the import completes; a renamed, published product is counted at once.
    const changed = await stepper(ctx, csv(['D-2,Brass lamp,lighting,CN,piece,1,published', 'D-3,Brass lamp new,lighting,CN,piece,1,published']))
    const steps: Array<{ phase: string; done: boolean; recounted?: boolean }> = []
    for (;;) {
      const step = await changed.next()
      steps.push(step)
      if (step.phase === 'update' && !step.done) {
        expect(step.recounted).toBe(true)
        expect(await totals(ctx)).toEqual({ all: 2, published: 2, lighting: 2, brass: 1, profile: 2 })
      } else if (!step.done) {
        expect(await totals(ctx)).toEqual({ all: 2, published: 1, lighting: 2, brass: 0, profile: 1 })
      }
      if (step.done) break
    }
    expect(await totals(ctx)).toEqual({ all: 3, published: 3, lighting: 3, brass: 2, profile: 3 })
  })
})

async function importRunToEnd(ctx: SupplierContext, bytes: Uint8Array) {
  const job = await uploadImport(ctx, { name: 'products.csv', bytes })
  await startImport(ctx, job.id)
  await importSettled(job.id)
  return getImport(ctx, job.id)
}

/** An uploaded import marked running that the test drives one batch of one row at a time. */
async function stepper(ctx: SupplierContext, bytes: Uint8Array) {
  const job = await uploadImport(ctx, { name: 'products.csv', bytes })
  await database().update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, job.id))
  const sheet = await loadSheet(ctx, job.fileId ?? '')
  const checked = await validateRows(sheet.headers, sheet.rows, job.mapping, await loadImportReferences(ctx.actor.companyId))
  expect(checked.errorCount).toBe(0)
  const next = () => advanceImport(job.id, 1, async () => checked.products)
  return {
    next,
    run: async () => {
      const steps = []
      for (;;) {
        const step = await next()
        steps.push(step)
        if (step.done) return steps
      }
    },
  }
}
