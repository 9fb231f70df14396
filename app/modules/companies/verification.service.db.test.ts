import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createCompany } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { exeBytes, imageBytes, pdfBytes } from '../../../tests/support/file-fixtures'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { setLanguagePreference } from '../identity/index.server'
import { sessions } from '../identity/identity.tables.server'
import type { AuditAction, FilePurpose } from '../kernel/index'
import type { CompanyKind } from './companies.constants'
import { companyProfiles, members, supplierApplications } from './companies.tables.server'
import { auditEvents, files } from '../kernel/kernel.tables.server'
import { uploadFile } from '../kernel/index.server'
import { addFactoryPhotos, getSupplierProfile, removeFactoryPhoto, setSupplierType, updateSupplierProfile } from './supplier-profile.service.server'
import { DecisionInput, UpdateSupplierProfileInput } from './supplier.inputs'
import {
  applyAsSupplier,
  decideApplication,
  getApplication,
  listApplications,
  myApplications,
  submitApplication,
  submitApplicationWithUploads,
} from './verification.service.server'

let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-verification-'))
  useFileStorage(new LocalDiskStorage(root))
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

/** A real session row: creating a company makes it the session's active one. */
async function sessionOf(userId: string): Promise<string> {
  const id = randomUUID()
  await database()
    .insert(sessions)
    .values({ id, token: randomUUID(), userId, expiresAt: new Date(Date.now() + 86_400_000) })
  return id
}

function contextOf(
  userId: string,
  companyId: string | null,
  memberRole: MemberRole | null,
  options: { platformRole?: 'user' | 'admin'; sessionId?: string; kind?: CompanyKind } = {},
): ServiceContext {
  return {
    actor: {
      userId,
      sessionId: options.sessionId ?? 'test-session',
      companyId,
      memberRole,
      platformRole: options.platformRole ?? 'user',
      companyKind: companyId ? (options.kind ?? 'supplier') : null,
      contactVerified: true,
      aal: 'aal1',
    },
    locale: 'en',
    requestId: 'test',
  }
}

/** A supplier company with an owner, an admin and a member. */
async function supplier(options: { name?: string; kind?: CompanyKind; country?: string } = {}) {
  const company = await createCompany({
    name: options.name ?? `Supplier ${randomUUID().slice(0, 6)}`,
    kind: options.kind ?? 'supplier',
    country: options.country ?? 'CN',
  })
  const people = {} as Record<MemberRole, { id: string; email: string; ctx: ServiceContext }>
  for (const role of ['owner', 'admin', 'member'] as const) {
    const user = await createUser({ name: `${role} of ${company.name}` })
    await addMember(company.id, user.id, role)
    people[role] = { id: user.id, email: user.email, ctx: contextOf(user.id, company.id, role, { kind: options.kind ?? 'supplier' }) }
  }
  return { company, ...people }
}

async function platformAdmin() {
  const user = await createUser({ role: 'admin', name: 'Reviewer Ada' })
  return contextOf(user.id, null, null, { platformRole: 'admin' })
}

const document = (ctx: ServiceContext, purpose: FilePurpose = 'verification') => uploadFile(ctx, { purpose, name: 'business-licence.pdf', bytes: pdfBytes() })

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

async function profileOf(companyId: string) {
  const [row] = await database().select().from(companyProfiles).where(eq(companyProfiles.organizationId, companyId))
  return row
}

async function auditOf(companyId: string, action: AuditAction) {
  return database()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, companyId), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.createdAt))
}

async function submitted(team: Awaited<ReturnType<typeof supplier>>) {
  const file = await document(team.owner.ctx)
  return submitApplication(team.owner.ctx, { supplierType: 'manufacturer', documentFileIds: [file.id], message: 'Licence attached.' })
}

const decision = (input: unknown) => DecisionInput.parse(input)

describe('submitApplication', () => {
  it('puts the company under review, records who submitted it and audits the change', async () => {
    const team = await supplier()
    const application = await submitted(team)
    expect(application).toMatchObject({ status: 'pending', supplierType: 'manufacturer', submittedBy: team.owner.id, message: 'Licence attached.' })
    expect(await profileOf(team.company.id)).toMatchObject({ verificationStatus: 'pending', supplierType: 'manufacturer' })
    const [entry] = await auditOf(team.company.id, 'verification.submitted')
    expect(entry).toMatchObject({
      actorUserId: team.owner.id,
      targetType: 'supplier_application',
      targetId: application.id,
      before: { verificationStatus: 'unverified' },
    })
    expect(entry?.after).toMatchObject({ verificationStatus: 'pending', supplierType: 'manufacturer' })
  })

  it('allows one pending application at a time', async () => {
    const team = await supplier()
    await submitted(team)
    const file = await document(team.admin.ctx)
    expect((await failure(submitApplication(team.admin.ctx, { supplierType: 'wholesaler', documentFileIds: [file.id], message: '' }))).code).toBe(
      'application_pending',
    )
    expect(await database().select().from(supplierApplications).where(eq(supplierApplications.organizationId, team.company.id))).toHaveLength(1)
  })

  it('refuses members with 403 before looking at the documents', async () => {
    const team = await supplier()
    const error = await failure(submitApplication(team.member.ctx, { supplierType: 'manufacturer', documentFileIds: ['no-such-file'], message: '' }))
    expect(error.code).toBe('insufficient_role')
    expect(error.status).toBe(403)
  })

  it('refuses documents of another company, and files uploaded for another purpose', async () => {
    const team = await supplier()
    const other = await supplier()
    const foreign = await document(other.owner.ctx)
    const photo = await uploadFile(team.owner.ctx, { purpose: 'factory_photo', name: 'line.png', bytes: await imageBytes('png') })
    for (const id of [foreign.id, photo.id]) {
      const error = await failure(submitApplication(team.owner.ctx, { supplierType: 'manufacturer', documentFileIds: [id], message: '' }))
      expect(error.code).toBe('validation_failed')
      expect(error.details?.fields).toEqual({ documentFileIds: ['validation.file'] })
    }
    expect((await profileOf(team.company.id))?.verificationStatus).toBe('unverified')
  })

  it('makes a buying company a buyer and supplier', async () => {
    const team = await supplier({ kind: 'buyer' })
    await submitted(team)
    expect((await profileOf(team.company.id))?.kind).toBe('both')
  })
})

describe('decideApplication', () => {
  it('needs a note to reject, and at most 2,000 characters of it', () => {
    expect(DecisionInput.safeParse({ decision: 'reject', note: '  ' }).error?.issues.map((issue) => issue.message)).toEqual(['validation.noteRequired'])
    expect(DecisionInput.safeParse({ decision: 'accept' }).success).toBe(true)
    expect(DecisionInput.safeParse({ decision: 'accept', note: 'x'.repeat(2001) }).success).toBe(false)
    expect(DecisionInput.safeParse({ decision: 'maybe', note: 'x' }).success).toBe(false)
  })

  it('rejects with the note, audits it, and mails owners and admins in their own language', async () => {
    const team = await supplier({ name: 'Pearl River Lamps' })
    await setLanguagePreference(team.admin.ctx, 'zh-Hant')
    const application = await submitted(team)
    const reviewer = await platformAdmin()
    const note = 'The business licence has expired.'
    const decided = await decideApplication(reviewer, application.id, decision({ decision: 'reject', note }))
    expect(decided).toMatchObject({ status: 'reject', reviewedBy: reviewer.actor.userId, reviewNote: note, companyName: 'Pearl River Lamps' })
    expect(await profileOf(team.company.id)).toMatchObject({ verificationStatus: 'reject', verifiedAt: null })
    const [entry] = await auditOf(team.company.id, 'verification.rejected')
    expect(entry).toMatchObject({
      actorUserId: reviewer.actor.userId,
      targetId: application.id,
      before: { verificationStatus: 'pending' },
      after: { verificationStatus: 'reject', note },
    })

    const mails = await database().select().from(devMessages).where(eq(devMessages.channel, 'mail'))
    const to = (email: string) => mails.filter((mail) => mail.recipient === email)
    expect(to(team.member.email)).toEqual([])
    const [ownerMail] = to(team.owner.email)
    const [adminMail] = to(team.admin.email)
    expect(ownerMail?.subject).toBe(CATALOGS.en.suppliers.mail.reject.subject.replace('{{company}}', 'Pearl River Lamps'))
    expect(ownerMail?.textBody).toContain(note)
    expect(ownerMail?.textBody).toContain('/en/app/supplier/onboarding')
    expect(adminMail?.subject).toBe(CATALOGS['zh-Hant'].suppliers.mail.reject.subject.replace('{{company}}', 'Pearl River Lamps'))
    expect(adminMail?.textBody).toContain('/zh-Hant/app/supplier/onboarding')
  })

  it('decides only pending applications', async () => {
    const team = await supplier()
    const application = await submitted(team)
    const reviewer = await platformAdmin()
    await decideApplication(reviewer, application.id, decision({ decision: 'accept' }))
    const error = await failure(decideApplication(reviewer, application.id, decision({ decision: 'reject', note: 'Changed my mind' })))
    expect(error.code).toBe('conflict')
    expect(error.status).toBe(409)
  })

  it('accepts: the company is verified from now, and cannot apply again', async () => {
    const team = await supplier()
    const application = await submitted(team)
    const reviewer = await platformAdmin()
    await decideApplication(reviewer, application.id, decision({ decision: 'accept', note: '' }))
    const profile = await profileOf(team.company.id)
    expect(profile?.verificationStatus).toBe('accept')
    expect(profile?.verifiedAt).toBeInstanceOf(Date)
    expect((await auditOf(team.company.id, 'verification.accepted'))[0]).toMatchObject({
      before: { verificationStatus: 'pending' },
      after: { verificationStatus: 'accept', note: '' },
    })
    const file = await document(team.owner.ctx)
    expect((await failure(submitApplication(team.owner.ctx, { supplierType: 'manufacturer', documentFileIds: [file.id], message: '' }))).code).toBe('conflict')
  })

  it('is for platform admins only; an unknown application is 404', async () => {
    const team = await supplier()
    const application = await submitted(team)
    expect((await failure(decideApplication(team.owner.ctx, application.id, decision({ decision: 'accept' })))).status).toBe(403)
    expect((await failure(decideApplication(await platformAdmin(), randomUUID(), decision({ decision: 'accept' })))).status).toBe(404)
  })
})

describe('re-applying after a rejection', () => {
  it('opens a new pending application and keeps the history, newest first, with the reviewer’s note', async () => {
    const team = await supplier()
    const first = await submitted(team)
    const reviewer = await platformAdmin()
    await decideApplication(reviewer, first.id, decision({ decision: 'reject', note: 'Upload a readable scan.' }))
    const second = await submitted(team)
    expect((await profileOf(team.company.id))?.verificationStatus).toBe('pending')
    const history = await myApplications(team.member.ctx)
    expect(history.map((item) => [item.id, item.status, item.reviewNote])).toEqual([
      [second.id, 'pending', null],
      [first.id, 'reject', 'Upload a readable scan.'],
    ])
    const detail = await getApplication(reviewer, second.id)
    expect(detail.previous.map((item) => [item.id, item.status, item.reviewNote])).toEqual([[first.id, 'reject', 'Upload a readable scan.']])
    expect(detail.documents.map((file) => file.name)).toEqual(['business-licence.pdf'])
    expect(detail.company.id).toBe(team.company.id)
  })
})

describe('listApplications', () => {
  it('is the platform admins’ queue: pending first by default, filtered by type, country and company name', async () => {
    const reviewer = await platformAdmin()
    const lamps = await supplier({ name: 'Queue Lamps 100%', country: 'VN' })
    const textiles = await supplier({ name: 'Queue Textiles', country: 'BD' })
    await submitted(lamps)
    const textileApplication = await submitted(textiles)
    await decideApplication(reviewer, textileApplication.id, decision({ decision: 'reject', note: 'Missing licence' }))

    const pending = await listApplications(reviewer, { status: 'pending', q: 'Queue', limit: 20, offset: 0 })
    expect(pending.items.map((item) => item.companyName)).toEqual(['Queue Lamps 100%'])
    const all = await listApplications(reviewer, { status: 'all', q: 'queue', limit: 20, offset: 0 })
    expect(all.items.map((item) => item.companyName)).toEqual(['Queue Textiles', 'Queue Lamps 100%'])
    expect(all.total).toBe(2)
    expect(
      (await listApplications(reviewer, { status: 'all', country: 'BD', q: 'Queue', limit: 20, offset: 0 })).items.map((item) => item.companyName),
    ).toEqual(['Queue Textiles'])
    expect((await listApplications(reviewer, { status: 'all', supplierType: 'wholesaler', q: 'Queue', limit: 20, offset: 0 })).total).toBe(0)
    expect((await listApplications(reviewer, { status: 'all', q: '100%', limit: 20, offset: 0 })).items.map((item) => item.companyName)).toEqual([
      'Queue Lamps 100%',
    ])
    const page = await listApplications(reviewer, { status: 'all', q: 'Queue', limit: 1, offset: 1 })
    expect(page).toMatchObject({ total: 2, items: [{ companyName: 'Queue Lamps 100%' }] })
  })

  it('refuses everyone else with 403', async () => {
    const team = await supplier()
    expect((await failure(listApplications(team.owner.ctx, { status: 'pending', limit: 20, offset: 0 }))).status).toBe(403)
    expect((await failure(getApplication(team.owner.ctx, randomUUID()))).status).toBe(403)
  })
})

describe('supplier profile', () => {
  it('stores capabilities, export markets and descriptions for admins, with an audited diff', async () => {
    const team = await supplier()
    const input = UpdateSupplierProfileInput.parse({ capabilities: 'OEM, Injection moulding, OEM', exportMarkets: 'us, de', descriptionZhHans: '照明工厂' })
    const profile = await updateSupplierProfile(team.admin.ctx, input)
    expect(profile).toMatchObject({ capabilities: ['OEM', 'Injection moulding'], exportMarkets: ['US', 'DE'], description: { 'zh-Hans': '照明工厂' } })
    const [entry] = await auditOf(team.company.id, 'company.updated')
    expect(entry).toMatchObject({
      actorUserId: team.admin.id,
      before: { capabilities: [], exportMarkets: [] },
      after: { capabilities: ['OEM', 'Injection moulding'], exportMarkets: ['US', 'DE'] },
    })
    expect((await updateSupplierProfile(team.admin.ctx, { descriptionZhHans: '' })).description).toEqual({})
  })

  it('refuses unknown countries and members', async () => {
    const team = await supplier()
    expect(UpdateSupplierProfileInput.safeParse({ exportMarkets: ['US', 'XX'] }).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['exportMarkets', 'validation.country'],
    ])
    expect((await failure(updateSupplierProfile(team.member.ctx, { capabilities: ['OEM'] }))).code).toBe('insufficient_role')
  })

  it('takes factory photos of the company only, adds and removes them', async () => {
    const team = await supplier()
    const other = await supplier()
    const foreign = await uploadFile(other.owner.ctx, { purpose: 'factory_photo', name: 'theirs.png', bytes: await imageBytes('png') })
    const error = await failure(updateSupplierProfile(team.owner.ctx, { factoryPhotoFileIds: [foreign.id] }))
    expect(error.details?.fields).toEqual({ factoryPhotoFileIds: ['validation.file'] })

    const added = await addFactoryPhotos(team.owner.ctx, [
      { name: 'line-1.png', bytes: await imageBytes('png') },
      { name: 'line-2.jpg', bytes: await imageBytes('jpeg') },
    ])
    expect(added.factoryPhotos.map((photo) => [photo.name, photo.purpose, photo.hasThumbnail])).toEqual([
      ['line-1.png', 'factory_photo', true],
      ['line-2.jpg', 'factory_photo', true],
    ])
    const [first] = added.factoryPhotos
    const after = await removeFactoryPhoto(team.owner.ctx, first?.id ?? '')
    expect(after.factoryPhotos.map((photo) => photo.name)).toEqual(['line-2.jpg'])
    expect((await failure(removeFactoryPhoto(team.owner.ctx, first?.id ?? ''))).status).toBe(404)
  })

  it('choosing a supplier type turns a buyer into a buyer and supplier', async () => {
    const team = await supplier({ kind: 'buyer' })
    const profile = await setSupplierType(team.owner.ctx, 'customs_broker')
    expect(profile).toMatchObject({ supplierType: 'customs_broker', kind: 'both' })
    expect((await getSupplierProfile(team.member.ctx)).supplierType).toBe('customs_broker')
  })
})

describe('applyAsSupplier', () => {
  it('creates the company with the applicant as owner, fills the profile and submits the documents', async () => {
    const user = await createUser({ name: 'Wen Applicant' })
    const ctx = contextOf(user.id, null, null, { sessionId: await sessionOf(user.id) })
    const { companyId } = await applyAsSupplier(
      { ...ctx, locale: 'zh-Hans' },
      {
        company: {
          kind: 'supplier',
          services: [],
          legalName: 'Wen Ceramics Co., Ltd.',
          displayName: 'Wen Ceramics',
          country: 'CN',
          city: 'Foshan',
          mainProducts: ['Tiles'],
          mainMarkets: [],
        },
        profile: { supplierType: 'manufacturer', capabilities: ['Glazing'], exportMarkets: ['AU'], description: '陶瓷砖生产商' },
        documents: [{ name: 'licence.pdf', bytes: pdfBytes() }],
        message: '',
      },
    )
    const [membership] = await database().select().from(members).where(eq(members.organizationId, companyId))
    expect(membership).toMatchObject({ userId: user.id, role: 'owner' })
    expect(await profileOf(companyId)).toMatchObject({
      kind: 'supplier',
      supplierType: 'manufacturer',
      capabilities: ['Glazing'],
      exportMarkets: ['AU'],
      description: { 'zh-Hans': '陶瓷砖生产商' },
      verificationStatus: 'pending',
    })
    const [application] = await database().select().from(supplierApplications).where(eq(supplierApplications.organizationId, companyId))
    expect(application?.documentFileIds).toHaveLength(1)
  })

  it('keeps no stored document when one of them is refused', async () => {
    const team = await supplier()
    const error = await failure(
      submitApplicationWithUploads(team.owner.ctx, {
        supplierType: 'wholesaler',
        documents: [
          { name: 'licence.pdf', bytes: pdfBytes() },
          { name: 'setup.pdf', bytes: exeBytes() },
        ],
        message: '',
      }),
    )
    expect(error.code).toBe('file_type_not_allowed')
    expect(await database().select().from(files).where(eq(files.organizationId, team.company.id))).toEqual([])
    expect((await profileOf(team.company.id))?.verificationStatus).toBe('unverified')
  })

  it('needs at least one document', async () => {
    const team = await supplier()
    const error = await failure(
      applyAsSupplier(team.owner.ctx, {
        company: null,
        profile: { supplierType: 'wholesaler', capabilities: [], exportMarkets: [], description: undefined },
        documents: [],
        message: '',
      }),
    )
    expect(error.details?.fields).toEqual({ documents: ['validation.documentsRequired'] })
  })
})
