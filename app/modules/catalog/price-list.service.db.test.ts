import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { addMember, createMember } from '../../../tests/factories/companies'
import { insertProduct } from '../../../tests/factories/catalog-products'
import { createUser } from '../../../tests/factories/users'
import { CreatePriceListInput, SetPriceListLinesInput } from './price-list.inputs'
import { activatePriceList, createPriceList, deactivatePriceList, deletePriceList, getPriceList, listPriceLists, priceTiersFor, setPriceListLines, updatePriceList } from './price-list.service.server'
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

const lines = (input: Array<[string, number, string]>) => SetPriceListLinesInput.parse({ lines: input.map(([productId, minQuantity, unitPrice]) => ({ productId, minQuantity, unitPrice })) })

describe('price lists', () => {
  it('creates, lists and reads a list with its breaks, exact decimals kept', async () => {
    const list = await createPriceList(owner, CreatePriceListInput.parse({ name: 'Wholesale', currency: 'usd', validFrom: '', validTo: '' }))
    expect(list).toMatchObject({ name: 'Wholesale', currency: 'USD', validFrom: null, validTo: null, isActive: false })
    const detail = await setPriceListLines(owner, list.id, lines([[lamp.id, 100, '1.3333'], [lamp.id, 10, '1.5'], [shade.id, 1, '0.1']]))
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
    await setPriceListLines(owner, first.id, lines([[lamp.id, 1, '2.5'], [lamp.id, 50, '2.25']]))
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

    await setPriceListLines(owner, second.id, lines([[shade.id, 5, '0.3'], [shade.id, 500, '0.2999']]))
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
    expect(CreatePriceListInput.safeParse({ name: '', currency: 'ABCD', validFrom: '2026-02-01', validTo: '2026-01-01' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'validation.name'],
      ['currency', 'validation.currency'],
      ['validTo', 'validation.window'],
    ])
    const bad = SetPriceListLinesInput.safeParse({ lines: [{ productId: lamp.id, minQuantity: 0, unitPrice: '-1' }, { productId: lamp.id, minQuantity: 5, unitPrice: '1.23456' }, { productId: lamp.id, minQuantity: 5, unitPrice: '1' }] })
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.0.minQuantity', 'validation.minQuantity'],
      ['lines.0.unitPrice', 'validation.unitPrice'],
      ['lines.1.unitPrice', 'validation.unitPrice'],
      ['lines.2.minQuantity', 'validation.duplicateBreak'],
    ])
    const duplicate = SetPriceListLinesInput.safeParse({ lines: [{ productId: lamp.id, minQuantity: 5, unitPrice: '1' }, { productId: lamp.id, minQuantity: 5, unitPrice: '2' }] })
    expect(duplicate.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lines.1.minQuantity', 'validation.duplicateBreak']])

    const list = await createPriceList(owner, CreatePriceListInput.parse({ name: 'Checks', currency: 'USD' }))
    await expect(setPriceListLines(owner, list.id, lines([[lamp.id, 1, '1'], [foreign.id, 1, '1']]))).rejects.toMatchObject({ code: 'validation_failed', details: { fields: { 'lines.1.productId': ['validation.product'] } } })
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
