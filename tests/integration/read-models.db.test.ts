import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { publishedProducts } from '../../app/modules/catalog/index.server'
import { companyMemberships, publicCompanyCards } from '../../app/modules/companies/index.server'
import { organizations } from '../../app/modules/companies/companies.tables.server'
import { files } from '../../app/modules/kernel/kernel.tables.server'
import { userDirectory } from '../../app/modules/identity/index.server'
import { orderSubjects } from '../../app/modules/orders/index.server'
import { quotationSubjects, rfqSubjects } from '../../app/modules/sourcing/index.server'
import { database } from '../../app/platform/db/index.server'
import { createMember } from '../../db/factories/companies'

// ADR 036: the views other modules read are a contract; every column each declares must exist in migration 0019's SQL.
describe('read models', () => {
  it('answers every declared column of every published view', async () => {
    for (const view of [publicCompanyCards, companyMemberships, userDirectory, publishedProducts, rfqSubjects, quotationSubjects, orderSubjects]) {
      await expect(database().select().from(view).limit(1)).resolves.toBeInstanceOf(Array)
    }
  })

  it('shows a company with its profile, members and people, and a logo only when the file is a logo', async () => {
    const { user, company } = await createMember({ role: 'admin', companyInput: { name: 'Kiln Works', kind: 'supplier', verificationStatus: 'accept' } })
    const photo = randomUUID()
    await database().insert(files).values({
      id: photo,
      organizationId: company.id,
      purpose: 'factory_photo',
      name: 'hall.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 10,
      storageKey: photo,
      sha256: 'x',
    })
    await database().update(organizations).set({ logoFileId: photo }).where(eq(organizations.id, company.id))

    const [card] = await database().select().from(publicCompanyCards).where(eq(publicCompanyCards.id, company.id))
    expect(card).toMatchObject({ name: 'Kiln Works', kind: 'supplier', verificationStatus: 'accept', logoFileId: null, deletedAt: null })
    const memberships = await database().select().from(companyMemberships).where(eq(companyMemberships.companyId, company.id))
    expect(memberships).toEqual([expect.objectContaining({ userId: user.id, role: 'admin' })])
    const [person] = await database().select().from(userDirectory).where(eq(userDirectory.id, user.id))
    expect(person).toMatchObject({ email: user.email, emailIsPlaceholder: false, language: null })
  })
})
