import { randomUUID } from 'node:crypto'
import { count, eq, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { priceLists } from '../../app/modules/catalog/catalog.tables.server'
import { addresses } from '../../app/modules/companies/companies.tables.server'
import { requirements } from '../../app/modules/sourcing/sourcing.tables.server'
import { database } from '../../app/platform/db/index.server'
import { createMember } from '../../db/factories/companies'
import { insertProject } from '../factories/sourcing'
import { memberPageContext } from '../support/page-context'
import * as priceListPage from '../../app/routes/app/price/list'
import * as requirementPage from '../../app/routes/app/purchase/requirements/create'
import * as addressPage from '../../app/routes/app/settings/address'

type Owner = Awaited<ReturnType<typeof createMember>>

let supplier: Owner
let buyer: Owner

beforeAll(async () => {
  supplier = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
  buyer = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
})

/** Runs a page's loader as a GET of `path` and answers its data. */
async function load<T>(loader: (args: never) => Promise<T>, owner: Owner, path: string, params: Record<string, string> = {}): Promise<T> {
  return loader({ request: new Request(`http://localhost/en${path}`), params: { lang: 'en', ...params }, context: await memberPageContext(owner) } as never)
}

/** Posts the same form twice, as a double click or a resent form does, and answers both responses. */
async function submitTwice(
  action: (args: never) => Promise<unknown>,
  owner: Owner,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
): Promise<unknown[]> {
  const post = async () =>
    action({
      request: new Request(`http://localhost/en${path}`, { method: 'POST', body: new URLSearchParams(fields) }),
      params: { lang: 'en', ...params },
      context: await memberPageContext(owner),
    } as never)
  return [await post(), await post()]
}

const locationOf = (response: unknown) => (response instanceof Response ? response.headers.get('location') : null)

async function stored(table: PgTable, where: SQL): Promise<number> {
  const [row] = await database().select({ n: count() }).from(table).where(where)
  return row?.n ?? 0
}

describe('a page form submitted twice creates one record', () => {
  it('the requirement form: both answers lead to the one requirement', async () => {
    const project = await insertProject(buyer.company.id)
    const { idempotencyKey } = await load(requirementPage.loader, buyer, `/app/purchase/projects/requirements/create?project=${project.id}`)
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    const title = `Double ${randomUUID().slice(0, 8)}`
    const fields = {
      idempotencyKey: idempotencyKey ?? '',
      projectId: project.id,
      title,
      specification: '',
      categoryId: '',
      hsCode: '',
      quantity: '40',
      unit: 'pcs',
      targetUnitPrice: '3.5',
      targetCurrency: 'USD',
      requiredBy: '',
      destination: 'Rotterdam',
    }
    const [first, second] = await submitTwice(requirementPage.action, buyer, '/app/purchase/projects/requirements/create', fields)
    expect(locationOf(first)).toMatch(/\/app\/purchase\/projects\/requirements\/view\/[0-9a-f-]{36}\?saved=created$/)
    expect(locationOf(second)).toBe(locationOf(first))
    expect(await stored(requirements, eq(requirements.title, title))).toBe(1)
  })

  it('the price list form: both answers open the one list', async () => {
    const { idempotencyKey } = await load(priceListPage.loader, supplier, '/app/price/new.list', { list: 'new.list' })
    const name = `Double ${randomUUID().slice(0, 8)}`
    const fields = { intent: 'create', idempotencyKey: idempotencyKey ?? '', name, currency: 'USD', validFrom: '', validTo: '' }
    const [first, second] = await submitTwice(priceListPage.action, supplier, '/app/price/new.list', fields, { list: 'new.list' })
    expect(locationOf(first)).toMatch(/\/app\/price\/[0-9a-f-]{36}\.list$/)
    expect(locationOf(second)).toBe(locationOf(first))
    expect(await stored(priceLists, eq(priceLists.name, name))).toBe(1)
  })

  it('the address form: both answers name the one address, and the page then offers a new key', async () => {
    const { idempotencyKey } = await load(addressPage.loader, supplier, '/app/settings/address')
    const label = `Double ${randomUUID().slice(0, 8)}`
    const fields = {
      intent: 'create-address',
      idempotencyKey,
      type: 'shipping',
      label,
      recipient: 'Goods in',
      phone: '+44 20 7946 0000',
      line1: '1 Poultry',
      city: 'London',
      postalCode: 'EC2R 8EF',
      country: 'GB',
    }
    const [first, second] = (await submitTwice(addressPage.action, supplier, '/app/settings/address', fields)) as Array<{ ok: boolean; id?: string }>
    expect(first).toMatchObject({ ok: true })
    expect(second).toEqual(first)
    expect(await stored(addresses, eq(addresses.label, label))).toBe(1)
    expect((await load(addressPage.loader, supplier, '/app/settings/address')).idempotencyKey).not.toBe(idempotencyKey)
  })
})
