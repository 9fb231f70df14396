import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import type { AppError } from '../../platform/errors'
import { CreateAddressInput, MAX_ADDRESSES_PER_TYPE } from './address.inputs'
import { createAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress } from './address.service.server'
import { addresses } from './companies.tables.server'
import { auditEvents } from '../kernel/kernel.tables.server'

function contextOf(userId: string, companyId: string | null, memberRole: MemberRole | null): ServiceContext {
  return {
    actor: { userId, sessionId: 'test-session', companyId, memberRole, platformRole: 'user', companyKind: 'buyer', contactVerified: true, aal: 'aal1' },
    locale: 'en',
    requestId: 'test',
  }
}

async function companyWith(role: MemberRole = 'owner') {
  const { user, company } = await createMember({ role })
  return { ctx: contextOf(user.id, company.id, role), company, user }
}

const input = (overrides: Record<string, unknown> = {}) =>
  CreateAddressInput.parse({
    type: 'shipping',
    label: 'Main warehouse',
    line1: '88 Keyuan Road',
    city: 'Shenzhen',
    region: 'Guangdong',
    country: 'CN',
    postalCode: '518057',
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

const auditOf = (companyId: string, targetId: string) =>
  database()
    .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after, actorUserId: auditEvents.actorUserId })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, companyId), eq(auditEvents.targetId, targetId)))
    .orderBy(auditEvents.createdAt)

describe('default address per type', () => {
  it('makes the first address of a type its default, and later ones not', async () => {
    const { ctx } = await companyWith()
    const first = await createAddress(ctx, input({ label: 'First' }))
    const second = await createAddress(ctx, input({ label: 'Second' }))
    const billing = await createAddress(ctx, input({ type: 'billing', label: 'Billing' }))
    expect([first.isDefault, second.isDefault, billing.isDefault]).toEqual([true, false, true])
  })

  it('moves the default to a new address created as default, in the same transaction', async () => {
    const { ctx } = await companyWith()
    const first = await createAddress(ctx, input({ label: 'First' }))
    const second = await createAddress(ctx, input({ label: 'Second', isDefault: true }))
    expect(second.isDefault).toBe(true)
    expect((await getAddress(ctx, first.id)).isDefault).toBe(false)
  })

  it('moves the default with setDefaultAddress and records the change', async () => {
    const { ctx, company } = await companyWith('admin')
    const first = await createAddress(ctx, input({ label: 'First' }))
    const second = await createAddress(ctx, input({ label: 'Second' }))
    const chosen = await setDefaultAddress(ctx, second.id)
    expect(chosen.isDefault).toBe(true)
    expect((await getAddress(ctx, first.id)).isDefault).toBe(false)
    expect((await auditOf(company.id, second.id)).at(-1)).toMatchObject({ action: 'address.updated', before: { isDefault: false }, after: { isDefault: true } })
  })

  it('promotes the oldest remaining address of the type when the default is deleted', async () => {
    const { ctx, company } = await companyWith()
    const first = await createAddress(ctx, input({ label: 'First' }))
    const second = await createAddress(ctx, input({ label: 'Second' }))
    const third = await createAddress(ctx, input({ label: 'Third' }))
    const otherType = await createAddress(ctx, input({ type: 'warehouse', label: 'Warehouse' }))
    await setDefaultAddress(ctx, third.id)
    await deleteAddress(ctx, third.id)
    expect((await getAddress(ctx, first.id)).isDefault).toBe(true)
    expect((await getAddress(ctx, second.id)).isDefault).toBe(false)
    expect((await getAddress(ctx, otherType.id)).isDefault).toBe(true)
    expect((await auditOf(company.id, first.id)).at(-1)).toMatchObject({ action: 'address.updated', after: { isDefault: true } })
  })

  it('hands the default over when an address moves to another type, and takes the new type’s default only if it had none', async () => {
    const { ctx } = await companyWith()
    const shippingDefault = await createAddress(ctx, input({ label: 'Ship A' }))
    const shippingOther = await createAddress(ctx, input({ label: 'Ship B' }))
    const moved = await updateAddress(ctx, shippingDefault.id, { type: 'billing' })
    expect(moved).toMatchObject({ type: 'billing', isDefault: true })
    expect((await getAddress(ctx, shippingOther.id)).isDefault).toBe(true)
    const movedAgain = await updateAddress(ctx, shippingOther.id, { type: 'billing' })
    expect(movedAgain.isDefault).toBe(false)
  })

  it('keeps exactly one default per type when defaults change concurrently', async () => {
    const { ctx } = await companyWith()
    const created = await Promise.all(['A', 'B', 'C', 'D'].map((label) => createAddress(ctx, input({ label, isDefault: true }))))
    const rows = await database()
      .select()
      .from(addresses)
      .where(and(eq(addresses.organizationId, ctx.actor.companyId ?? ''), eq(addresses.isDefault, true)))
    expect(rows).toHaveLength(1)
    await Promise.all(created.map((address) => setDefaultAddress(ctx, address.id)))
    const after = await database()
      .select()
      .from(addresses)
      .where(and(eq(addresses.organizationId, ctx.actor.companyId ?? ''), eq(addresses.isDefault, true)))
    expect(after).toHaveLength(1)
  })
})

describe('address book', () => {
  it('lists billing, shipping, then warehouse, each with its default first and then by label', async () => {
    const { ctx } = await companyWith()
    await createAddress(ctx, input({ type: 'warehouse', label: 'Zhuhai' }))
    await createAddress(ctx, input({ label: 'zeta' }))
    await createAddress(ctx, input({ label: 'Beta' }))
    await createAddress(ctx, input({ label: 'alpha' }))
    await createAddress(ctx, input({ type: 'billing', label: 'Head office' }))
    const labels = (await listAddresses(ctx)).map((address) => `${address.type}:${address.label}`)
    expect(labels).toEqual(['billing:Head office', 'shipping:zeta', 'shipping:alpha', 'shipping:Beta', 'warehouse:Zhuhai'])
    expect((await listAddresses(ctx, { type: 'warehouse' })).map((address) => address.label)).toEqual(['Zhuhai'])
  })

  it('checks the merged address on update: a new country needs a postal code of its own', async () => {
    const { ctx } = await companyWith()
    const address = await createAddress(ctx, input())
    const error = await rejection(updateAddress(ctx, address.id, { country: 'GB' }))
    expect(error.code).toBe('validation_failed')
    expect(error.details).toMatchObject({ fields: { postalCode: ['validation.postalCodeFormat'] }, country: 'GB' })
    const moved = await updateAddress(ctx, address.id, { country: 'GB', postalCode: 'ec1a1bb', city: 'London', region: '' })
    expect(moved).toMatchObject({ country: 'GB', postalCode: 'EC1A 1BB', city: 'London', region: '', line1: '88 Keyuan Road' })
  })

  it('drops the postal code where the country has none', async () => {
    const { ctx } = await companyWith()
    const address = await createAddress(ctx, input({ country: 'HK', postalCode: '999077', city: 'Hong Kong', region: '' }))
    expect(address.postalCode).toBe('')
  })

  it('refuses more than the limit of addresses per type', async () => {
    const { ctx, company } = await companyWith()
    await database()
      .insert(addresses)
      .values(
        Array.from({ length: MAX_ADDRESSES_PER_TYPE }, (_, index) => ({
          id: `bulk-${company.id}-${index}`,
          organizationId: company.id,
          type: 'warehouse' as const,
          label: `W${index}`,
          line1: 'Road',
          city: 'Ningbo',
          country: 'CN',
        })),
      )
    const error = await rejection(createAddress(ctx, input({ type: 'warehouse' })))
    expect(error.details).toMatchObject({ fields: { type: ['validation.typeFull'] } })
    expect((await createAddress(ctx, input({ type: 'billing' }))).type).toBe('billing')
  })
})

describe('address audit', () => {
  it('records creation, the changed fields of an update, and deletion, by the acting user', async () => {
    const { ctx, company, user } = await companyWith()
    const address = await createAddress(ctx, input({ recipient: 'Li Wei' }))
    await updateAddress(ctx, address.id, { label: 'Renamed', phone: '+86 755 1234' })
    await updateAddress(ctx, address.id, { label: 'Renamed' })
    await deleteAddress(ctx, address.id)
    const entries = await auditOf(company.id, address.id)
    expect(entries.map((entry) => entry.action)).toEqual(['address.created', 'address.updated', 'address.deleted'])
    expect(entries[0]).toMatchObject({ actorUserId: user.id, after: { label: 'Main warehouse', recipient: 'Li Wei', postalCode: '518057', isDefault: true } })
    expect(entries[1]).toMatchObject({ before: { label: 'Main warehouse', phone: '' }, after: { label: 'Renamed', phone: '+86 755 1234' } })
    expect(entries[2]).toMatchObject({ before: { label: 'Renamed' }, after: null })
  })
})

describe('address access', () => {
  it('lets members read the address book but not change it', async () => {
    const { ctx: owner, company } = await companyWith()
    const address = await createAddress(owner, input())
    const { user } = await createMember({ role: 'member', company })
    const member = contextOf(user.id, company.id, 'member')
    expect((await listAddresses(member)).map((row) => row.id)).toEqual([address.id])
    expect((await getAddress(member, address.id)).label).toBe('Main warehouse')
    const attempts = [
      () => createAddress(member, input()),
      () => updateAddress(member, address.id, { label: 'X' }),
      () => deleteAddress(member, address.id),
      () => setDefaultAddress(member, address.id),
    ]
    for (const attempt of attempts) expect((await rejection(attempt())).code).toBe('insufficient_role')
  })

  it('does not find another company’s address, whatever the role', async () => {
    const { ctx: owner } = await companyWith()
    const address = await createAddress(owner, input())
    const { ctx: stranger } = await companyWith('owner')
    const attempts = [
      () => getAddress(stranger, address.id),
      () => updateAddress(stranger, address.id, { label: 'X' }),
      () => deleteAddress(stranger, address.id),
      () => setDefaultAddress(stranger, address.id),
    ]
    for (const attempt of attempts) expect((await rejection(attempt())).code).toBe('not_found')
    expect(await listAddresses(stranger)).toEqual([])
    expect((await getAddress(owner, address.id)).label).toBe('Main warehouse')
  })

  it('asks users without a company to create or join one', async () => {
    const { user } = await createMember()
    const ctx = contextOf(user.id, null, null)
    expect((await rejection(listAddresses(ctx))).code).toBe('company_required')
    expect((await rejection(createAddress(ctx, input()))).code).toBe('company_required')
  })
})
