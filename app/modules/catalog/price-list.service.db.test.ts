import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { addMember, createMember } from '../../../db/factories/companies'
import { insertProduct } from '../../../tests/factories/catalog-products'
import { createUser } from '../../../db/factories/users'
import { CreatePriceListInput, SetPriceListLinesInput } from './price-list.inputs'
import {
  activatePriceList,
  baseUnitPrices,
  createPriceList,
  deactivatePriceList,
  deletePriceList,
  getPriceList,
  listPriceLists,
  priceTiersFor,
  refreshWindowedPrices,
  setPriceListLines,
  updatePriceList,
} from './price-list.service.server'
import { priceLists } from './catalog.tables.server'
import { AuditQuery } from '../kernel/index'
import { listCompanyAudit } from '../kernel/index.server'
import { products } from './catalog.tables.server'

const ctxOf = (userId: string, companyId: string, memberRole: MemberRole): ServiceContext => ({
  actor: { userId, sessionId: 'test-session', companyId, memberRole, platformRole: 'user', companyKind: 'supplier', contactVerified: true, aal: 'aal1' },
  locale: 'en',
  requestId: 'test',
})

let owner: ServiceContext
let member: ServiceContext
let stranger: ServiceContext
let lamp: { id: string }
let shade: { id: string }
let foreign: { id: string }

beforeAll(async () => {
  const a = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
  const memberUser = await createUser()
  await addMember(a.company.id, memberUser.id, 'member')
  const b = await createMember({ role: 'owner' })
  owner = ctxOf(a.user.id, a.company.id, 'owner')
  member = ctxOf(memberUser.id, a.company.id, 'member')
  stranger = ctxOf(b.user.id, b.company.id, 'owner')
  lamp = await insertProduct(a.company.id, { sku: 'LAMP-1' })
  shade = await insertProduct(a.company.id, { sku: 'SHADE-1' })
  foreign = await insertProduct(b.company.id, { sku: 'OTHER-1' })
})

const fromPriceOf = async (id: string) => {
  const [row] = await database().select({ fromPrice: products.fromPrice, currency: products.fromPriceCurrency }).from(products).where(eq(products.id, id))
  return row
}

const lines = (input: Array<[string, number, string]>) =>
  SetPriceListLinesInput.parse({ lines: input.map(([productId, minQuantity, unitPrice]) => ({ productId, minQuantity, unitPrice })) })

describe('price lists', () => {
  it('creates, lists and reads a list with its breaks, exact decimals kept', async () => {
    const list = await createPriceList(owner, CreatePriceListInput.parse({ name: 'Wholesale', currency: 'usd', validFrom: '', validTo: '' }))
    expect(list).toMatchObject({ name: 'Wholesale', currency: 'USD', validFrom: null, validTo: null, isActive: false })
    const detail = await setPriceListLines(
      owner,
      list.id,
      lines([
        [lamp.id, 100, '1.3333'],
        [lamp.id, 10, '1.5'],
        [shade.id, 1, '0.1'],
      ]),
    )
    expect(detail.lines.map((line) => [line.sku, line.minQuantity, line.unitPrice])).toEqual([
      ['LAMP-1', 10, '1.5000'],
      ['LAMP-1', 100, '1.3333'],
      ['SHADE-1', 1, '0.1000'],
    ])
    expect((await listPriceLists(member)).map((l) => l.id)).toContain(list.id)
    expect((await getPriceList(member, list.id)).lines).toHaveLength(3)
  })

  it('keeps one active list and recomputes the products’ from prices', async () => {
    const first = await createPriceList(owner, CreatePriceListInput.parse({ name: 'First', currency: 'EUR' }))
    await setPriceListLines(
      owner,
      first.id,
      lines([
        [lamp.id, 1, '2.5'],
        [lamp.id, 50, '2.25'],
      ]),
    )
    expect(await fromPriceOf(lamp.id)).toEqual({ fromPrice: null, currency: null })
    await activatePriceList(owner, first.id)
    expect(await fromPriceOf(lamp.id)).toEqual({ fromPrice: '2.2500', currency: 'EUR' })
    expect(await fromPriceOf(shade.id)).toEqual({ fromPrice: null, currency: null })
    expect(await priceTiersFor(lamp.id)).toEqual([
      { minQuantity: 1, unitPrice: '2.5000', currency: 'EUR' },
      { minQuantity: 50, unitPrice: '2.2500', currency: 'EUR' },
    ])

    const second = await createPriceList(owner, CreatePriceListInput.parse({ name: 'Second', currency: 'CNY' }))
    await setPriceListLines(owner, second.id, lines([[shade.id, 5, '0.3']]))
    await activatePriceList(owner, second.id)
    const active = (await listPriceLists(owner)).filter((l) => l.isActive)
    expect(active.map((l) => l.id)).toEqual([second.id])
    expect(await fromPriceOf(lamp.id)).toEqual({ fromPrice: null, currency: null })
    expect(await fromPriceOf(shade.id)).toEqual({ fromPrice: '0.3000', currency: 'CNY' })

    await setPriceListLines(
      owner,
      second.id,
      lines([
        [shade.id, 5, '0.3'],
        [shade.id, 500, '0.2999'],
      ]),
    )
    expect((await fromPriceOf(shade.id))?.fromPrice).toBe('0.2999')

    await updatePriceList(owner, second.id, CreatePriceListInput.parse({ name: 'Second', currency: 'CNY', validFrom: '2000-01-01', validTo: '2000-12-31' }))
    expect(await fromPriceOf(shade.id)).toEqual({ fromPrice: null, currency: null })
    expect(await priceTiersFor(shade.id)).toEqual([])
    await updatePriceList(owner, second.id, CreatePriceListInput.parse({ name: 'Second', currency: 'CNY' }))
    expect((await fromPriceOf(shade.id))?.fromPrice).toBe('0.2999')

    await deactivatePriceList(owner, second.id)
    expect(await fromPriceOf(shade.id)).toEqual({ fromPrice: null, currency: null })
    await activatePriceList(owner, second.id)
    await deletePriceList(owner, second.id)
    expect(await fromPriceOf(shade.id)).toEqual({ fromPrice: null, currency: null })
  })

  it('refuses bad input with field errors', async () => {
    expect(
      CreatePriceListInput.safeParse({ name: '', currency: 'ABCD', validFrom: '2026-02-01', validTo: '2026-01-01' }).error?.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ]),
    ).toEqual([
      ['name', 'validation.name'],
      ['currency', 'validation.currency'],
      ['validTo', 'validation.window'],
    ])
    const bad = SetPriceListLinesInput.safeParse({
      lines: [
        { productId: lamp.id, minQuantity: 0, unitPrice: '-1' },
        { productId: lamp.id, minQuantity: 5, unitPrice: '1.23456' },
        { productId: lamp.id, minQuantity: 5, unitPrice: '1' },
      ],
    })
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.0.minQuantity', 'validation.minQuantity'],
      ['lines.0.unitPrice', 'validation.unitPrice'],
      ['lines.1.unitPrice', 'validation.unitPrice'],
      ['lines.2.minQuantity', 'validation.duplicateBreak'],
    ])
    const duplicate = SetPriceListLinesInput.safeParse({
      lines: [
        { productId: lamp.id, minQuantity: 5, unitPrice: '1' },
        { productId: lamp.id, minQuantity: 5, unitPrice: '2' },
      ],
    })
    expect(duplicate.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lines.1.minQuantity', 'validation.duplicateBreak']])

    const list = await createPriceList(owner, CreatePriceListInput.parse({ name: 'Checks', currency: 'USD' }))
    await expect(
      setPriceListLines(
        owner,
        list.id,
        lines([
          [lamp.id, 1, '1'],
          [foreign.id, 1, '1'],
        ]),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { fields: { 'lines.1.productId': ['validation.product'] } } })
  })

  it('answers 404 to another company and 403 to members', async () => {
    const list = await createPriceList(owner, CreatePriceListInput.parse({ name: 'Private', currency: 'USD' }))
    await expect(getPriceList(stranger, list.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(activatePriceList(stranger, list.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(deletePriceList(stranger, list.id)).rejects.toMatchObject({ code: 'not_found' })
    expect(await listPriceLists(stranger)).toEqual([])
    await expect(createPriceList(member, CreatePriceListInput.parse({ name: 'Nope', currency: 'USD' }))).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(setPriceListLines(member, list.id, lines([]))).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(activatePriceList(member, list.id)).rejects.toMatchObject({ code: 'insufficient_role' })
  })
})

describe('the activity log of price lists', () => {
  it('records creation, settings, lines, activation (and the list it replaces) and deletion', async () => {
    const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
    const ctx = ctxOf(user.id, company.id, 'owner')
    const product = await insertProduct(company.id, { sku: 'AUDITED-1' })
    const first = await createPriceList(ctx, CreatePriceListInput.parse({ name: 'Retail', currency: 'USD' }))
    await updatePriceList(ctx, first.id, CreatePriceListInput.parse({ name: 'Retail 2026', currency: 'USD', validTo: '2099-12-31' }))
    await setPriceListLines(ctx, first.id, lines([[product.id, 1, '9.5']]))
    await activatePriceList(ctx, first.id)
    const second = await createPriceList(ctx, CreatePriceListInput.parse({ name: 'Trade', currency: 'EUR' }))
    await activatePriceList(ctx, second.id)
    await deletePriceList(ctx, first.id)

    const entries = (await listCompanyAudit(ctx, AuditQuery.parse({ limit: 100 }))).items.filter((entry) => entry.targetType === 'price_list').reverse()
    const summary = entries.map((entry) => [entry.action, entry.targetId === first.id ? 'first' : 'second', entry.before, entry.after])
    expect(summary.slice(0, 5)).toEqual([
      ['price_list.created', 'first', null, { name: 'Retail', currency: 'USD', validFrom: null, validTo: null }],
      ['price_list.updated', 'first', { name: 'Retail', validTo: null }, { name: 'Retail 2026', validTo: '2099-12-31' }],
      ['price_list.lines_changed', 'first', { lines: 0 }, { name: 'Retail 2026', lines: 1 }],
      ['price_list.activated', 'first', { isActive: false }, { name: 'Retail 2026', isActive: true }],
      ['price_list.created', 'second', null, { name: 'Trade', currency: 'EUR', validFrom: null, validTo: null }],
    ])
    // Activating the second list deactivates the first in the same transaction: same timestamp, any order.
    expect(summary.slice(5, 7)).toEqual(
      expect.arrayContaining([
        ['price_list.deactivated', 'first', { isActive: true }, { name: 'Retail 2026', isActive: false }],
        ['price_list.activated', 'second', { isActive: false }, { name: 'Trade', isActive: true }],
      ]),
    )
    expect(summary[7]).toEqual([
      'price_list.deleted',
      'first',
      { name: 'Retail 2026', currency: 'USD', validFrom: null, validTo: '2099-12-31', isActive: false },
      null,
    ])
    expect(summary).toHaveLength(8)
  })

  it('records nothing when a change is refused', async () => {
    const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
    const ctx = ctxOf(user.id, company.id, 'owner')
    const list = await createPriceList(ctx, CreatePriceListInput.parse({ name: 'Only', currency: 'USD' }))
    await expect(setPriceListLines(ctx, list.id, lines([[foreign.id, 1, '1']]))).rejects.toMatchObject({ code: 'validation_failed' })
    expect((await listCompanyAudit(ctx, AuditQuery.parse({ action: 'price_list.lines_changed' }))).total).toBe(0)
  })
})

describe('baseUnitPrices', () => {
  it('answers the active list and each product’s lowest-quantity price in it', async () => {
    const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
    const ctx = ctxOf(user.id, company.id, 'owner')
    const [cup, bowl, plate] = [await insertProduct(company.id), await insertProduct(company.id), await insertProduct(company.id)]
    expect(await baseUnitPrices(ctx, [cup.id])).toEqual({ list: null, prices: {} })
    const list = await createPriceList(ctx, CreatePriceListInput.parse({ name: 'Base', currency: 'JPY' }))
    await setPriceListLines(
      ctx,
      list.id,
      lines([
        [cup.id, 100, '80'],
        [cup.id, 10, '95'],
        [bowl.id, 1, '120'],
      ]),
    )
    await activatePriceList(ctx, list.id)
    expect(await baseUnitPrices(ctx, [cup.id, bowl.id, plate.id, foreign.id])).toEqual({
      list: { id: list.id, name: 'Base', currency: 'JPY' },
      prices: { [cup.id]: '95.0000', [bowl.id]: '120.0000' },
    })
  })
})

describe('refreshWindowedPrices', () => {
  it("clears public prices once the active list's window has closed, and restores them when it opens again", async () => {
    const { company, user } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
    const ctx = ctxOf(user.id, company.id, 'owner')
    const vase = await insertProduct(company.id, { sku: 'VASE-1' })
    const list = await createPriceList(ctx, CreatePriceListInput.parse({ name: 'Spring', currency: 'EUR' }))
    await setPriceListLines(ctx, list.id, SetPriceListLinesInput.parse({ lines: [{ productId: vase.id, minQuantity: 1, unitPrice: '4.20' }] }))
    await activatePriceList(ctx, list.id)
    const fromPrice = async () =>
      (await database().select({ price: products.fromPrice, currency: products.fromPriceCurrency }).from(products).where(eq(products.id, vase.id)))[0]
    expect(await fromPrice()).toEqual({ price: '4.2000', currency: 'EUR' })

    // The window closed yesterday (written behind the service's back, as time passing would).
    await database().update(priceLists).set({ validFrom: '2020-01-01', validTo: '2020-12-31' }).where(eq(priceLists.id, list.id))
    expect(await refreshWindowedPrices()).toBeGreaterThanOrEqual(1)
    expect(await fromPrice()).toEqual({ price: null, currency: null })

    await database().update(priceLists).set({ validTo: null }).where(eq(priceLists.id, list.id))
    await refreshWindowedPrices()
    expect(await fromPrice()).toEqual({ price: '4.2000', currency: 'EUR' })
  })
})
