// A platform admin's look-up of companies by name (issue 24: assigning a plan), on both databases.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { platformAdmin } from '../../../tests/factories/finance'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { organizations } from './companies.tables.server'
import { findCompaniesByName } from './index.server'

let admin: ServiceContext
/** A word no other company of the run has, so the test reads only its own companies. */
const word = `Zephyr${randomUUID().slice(0, 6)}`

beforeAll(async () => {
  admin = await platformAdmin()
})

describe('findCompaniesByName', () => {
  it('finds companies by part of the display or legal name, any case, names that start with it first', async () => {
    const inside = await createCompany({ name: `Acme ${word} Trading`, country: 'HK' })
    const starting = await createCompany({ name: `${word} Lighting` })
    const other = await createCompany({ name: `Unrelated ${randomUUID().slice(0, 6)}` })

    const found = await findCompaniesByName(admin, word.toUpperCase())
    expect(found.items.map((company) => company.id)).toEqual([starting.id, inside.id])
    expect(found.items[1]).toMatchObject({ name: `Acme ${word} Trading`, legalName: `Acme ${word} Trading Ltd.`, kind: 'buyer', country: 'HK' })
    expect(found.more).toBe(false)
    expect((await findCompaniesByName(admin, `${word} Trading Ltd`)).items.map((company) => company.id)).toEqual([inside.id])
    expect((await findCompaniesByName(admin, word)).items.map((company) => company.id)).not.toContain(other.id)
  })

  it('takes the text as typed: % and _ are no wildcards, and an empty text finds nothing', async () => {
    await createCompany({ name: `${word} 100% Cotton` })
    expect((await findCompaniesByName(admin, `${word} 100%`)).items).toHaveLength(1)
    expect((await findCompaniesByName(admin, `${word}%Cotton`)).items).toHaveLength(0)
    expect((await findCompaniesByName(admin, '   ')).items).toEqual([])
  })

  it('says when there are more than it shows, and leaves deleted companies out', async () => {
    const many = `Quill${randomUUID().slice(0, 6)}`
    const made = await Promise.all([1, 2, 3].map((n) => createCompany({ name: `${many} ${n}` })))
    await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, made[2]!.id))
    const found = await findCompaniesByName(admin, many, 1)
    expect(found).toMatchObject({ more: true, items: [{ id: made[0]!.id }] })
    expect((await findCompaniesByName(admin, many)).items.map((company) => company.id)).toEqual([made[0]!.id, made[1]!.id])
  })

  it('answers platform admins only', async () => {
    const { user, company } = await createMember({ role: 'owner' })
    const refused = await findCompaniesByName(contextOf(user.id, company.id), word).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('forbidden')
  })
})
