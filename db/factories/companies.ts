import { randomUUID } from 'node:crypto'
import type { CompanyKind, MemberRole, SupplierType, VerificationStatus } from '../../app/modules/companies/index'
import { membershipsChanged } from '../../app/modules/companies/index.server'
import { companyProfiles, members, organizations } from '../../app/modules/companies/companies.tables.server'
import type { ServiceContext } from '../../app/platform/actor'
import { database } from '../../app/platform/db/index.server'
import { createUser, type UserFactoryInput } from './users'

export type CompanyFactoryInput = {
  name?: string
  kind?: CompanyKind
  country?: string
  city?: string
  supplierType?: SupplierType | null
  verificationStatus?: VerificationStatus
}

/** Inserts a company (organization + profile) without members, for seeds and tests. */
export async function createCompany(input: CompanyFactoryInput = {}) {
  const id = randomUUID()
  const name = input.name ?? `Company ${id.slice(0, 6)}`
  await database()
    .insert(organizations)
    // 12 hex digits: the PostgreSQL test database keeps every run's companies, where 6 collided (organizations_slug_key).
    .values({ id, name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.replace(/-/g, '').slice(0, 12)}` })
  await database()
    .insert(companyProfiles)
    .values({
      organizationId: id,
      kind: input.kind ?? 'buyer',
      legalName: `${name} Ltd.`,
      country: input.country ?? 'CN',
      city: input.city ?? 'Shenzhen',
      supplierType: input.supplierType ?? null,
      verificationStatus: input.verificationStatus ?? 'unverified',
      verifiedAt: input.verificationStatus === 'accept' ? new Date() : null,
    })
  return { id, name }
}

export async function addMember(companyId: string, userId: string, role: MemberRole = 'member') {
  const id = randomUUID()
  await database().insert(members).values({ id, organizationId: companyId, userId, role })
  membershipsChanged([userId])
  return { id, companyId, userId, role }
}

/** A user who belongs to a company with the given role (a fresh company unless one is given). */
export async function createMember(options: { role?: MemberRole; company?: { id: string }; user?: UserFactoryInput; companyInput?: CompanyFactoryInput } = {}) {
  const company = options.company ?? (await createCompany(options.companyInput))
  const user = await createUser(options.user)
  const member = await addMember(company.id, user.id, options.role ?? 'owner')
  return { user, company, member }
}

/** A new verified supplier company and its owner, as the service context the owner's requests carry. */
export async function supplierOwnerContext(): Promise<ServiceContext & { actor: { companyId: string } }> {
  const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
  return {
    actor: {
      userId: user.id,
      sessionId: 'test',
      companyId: company.id,
      memberRole: 'owner',
      platformRole: 'user',
      companyKind: 'supplier',
      contactVerified: true,
      aal: 'aal1',
    },
    locale: 'en',
    requestId: 'test',
  }
}
