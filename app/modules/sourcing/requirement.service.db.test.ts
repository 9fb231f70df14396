import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { files } from '../kernel/kernel.tables.server'
import { CreateProjectInput } from './project.inputs'
import { createProject, projectSummary } from './project.service.server'
import { BulkRequirementsInput, CreateRequirementInput, RequirementListQuery } from './requirement.inputs'
import {
  cancelRequirement,
  createRequirement,
  getRequirement,
  listRequirements,
  projectRequirements,
  saveProjectRequirements,
  setRequirementStatus,
  updateRequirement,
} from './requirement.service.server'
import { requirements } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

const newProject = () =>
  createProject(cast.buyer.ctx, CreateProjectInput.parse({ name: `Office fit-out ${randomUUID().slice(0, 6)}`, currency: 'USD', budget: '30000' }))
const requirement = (projectId: string, overrides: Record<string, unknown> = {}) =>
  CreateRequirementInput.parse({
    projectId,
    title: 'LED downlight 12 W',
    specification: '4000 K, CRI > 90',
    categoryId: 'lighting',
    hsCode: '9405.21',
    quantity: '300',
    unit: 'pcs',
    targetUnitPrice: '4.2',
    targetCurrency: 'usd',
    requiredBy: '2027-02-01',
    destination: 'Rotterdam',
    ...overrides,
  })

async function attachmentOf(companyId: string, userId: string, purpose: 'attachment' | 'verification' = 'attachment') {
  const id = randomUUID()
  await database().insert(files).values({
    id,
    organizationId: companyId,
    uploadedBy: userId,
    name: 'drawing.pdf',
    contentType: 'application/pdf',
    sizeBytes: 10,
    purpose,
    storageKey: id,
    sha256: 'x',
  })
  return id
}

const requirementCount = async (projectId: string) =>
  (await database().select({ n: count() }).from(requirements).where(eq(requirements.projectId, projectId)))[0]?.n ?? 0

describe('requirements', () => {
  it('creates, edits with the version and cancels a requirement, with its category, HS code and attachments checked', async () => {
    const project = await newProject()
    const fileId = await attachmentOf(cast.buyer.company.id, cast.buyer.user.id)
    const created = await createRequirement(cast.buyer.ctx, requirement(project.id, { attachmentFileIds: [fileId] }))
    expect(created).toMatchObject({
      status: 'open',
      hsCode: '940521',
      categoryId: 'lighting',
      categoryName: 'Lighting',
      targetUnitPrice: '4.2000',
      targetCurrency: 'USD',
      projectNumber: project.number,
      version: 1,
      editable: true,
    })
    expect(created.attachments.map((file) => file.id)).toEqual([fileId])

    await expect(createRequirement(cast.buyer.ctx, requirement(project.id, { hsCode: '999999' }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { hsCode: ['validation.hsCodeUnknown'] } },
    })
    await expect(createRequirement(cast.buyer.ctx, requirement(project.id, { categoryId: 'no-such-category' }))).rejects.toMatchObject({
      details: { fields: { categoryId: ['validation.category'] } },
    })
    const foreignFile = await attachmentOf(cast.stranger.company.id, cast.stranger.user.id)
    const verification = await attachmentOf(cast.buyer.company.id, cast.buyer.user.id, 'verification')
    await expect(createRequirement(cast.buyer.ctx, requirement(project.id, { attachmentFileIds: [foreignFile, verification] }))).rejects.toMatchObject({
      details: { fields: { 'attachmentFileIds.0': ['validation.attachment'], 'attachmentFileIds.1': ['validation.attachment'] } },
    })

    const { projectId: _projectId, ...fields } = requirement(project.id)
    const edited = await updateRequirement(cast.buyer.ctx, created.id, { ...fields, quantity: 320, attachmentFileIds: [], version: 1 })
    expect(edited).toMatchObject({ quantity: 320, version: 2, attachments: [] })
    await expect(updateRequirement(cast.buyer.ctx, created.id, { ...fields, quantity: 330, attachmentFileIds: [], version: 1 })).rejects.toMatchObject({
      code: 'stale_version',
    })
    const cancelled = await cancelRequirement(cast.buyer.ctx, created.id, { version: 2 })
    expect(cancelled).toMatchObject({ status: 'cancelled', editable: false, cancellable: false })
    await expect(updateRequirement(cast.buyer.ctx, created.id, { ...fields, attachmentFileIds: [], version: 3 })).rejects.toMatchObject({
      code: 'invalid_transition',
    })
    const timeline = (await projectSummary(cast.buyer.ctx, project.id)).events.map((event) => event.type)
    expect(timeline).toEqual(['created', 'requirement_added', 'requirement_updated', 'requirement_cancelled'])
  })

  it('is the buyer company’s alone: other companies get 404 for its projects and requirements', async () => {
    const project = await newProject()
    const created = await createRequirement(cast.buyer.ctx, requirement(project.id))
    await expect(createRequirement(cast.stranger.ctx, requirement(project.id))).rejects.toMatchObject({ code: 'not_found' })
    await expect(getRequirement(cast.stranger.ctx, created.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(cancelRequirement(cast.stranger.ctx, created.id, { version: 1 })).rejects.toMatchObject({ code: 'not_found' })
    await expect(saveProjectRequirements(cast.stranger.ctx, project.id, { rows: [] })).rejects.toMatchObject({ code: 'not_found' })
    await expect(projectRequirements(cast.stranger.ctx, project.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await listRequirements(cast.stranger.ctx, RequirementListQuery.parse({ project: project.id }))).total).toBe(0)
  })

  it('lists requirements by project, status, category and search; setRequirementStatus moves them on', async () => {
    const project = await newProject()
    const lamp = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'Pendant lamp brass' }))
    const mug = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'Stoneware mug 350 ml', categoryId: '', hsCode: '' }))
    await database().transaction((tx) => setRequirementStatus(tx, [lamp.id], 'rfq_sent'))
    const list = (query: Record<string, string>) => listRequirements(cast.buyer.ctx, RequirementListQuery.parse({ project: project.id, ...query }))
    expect((await list({})).items.map((item) => item.id).sort()).toEqual([lamp.id, mug.id].sort())
    expect((await list({ status: 'rfq_sent' })).items.map((item) => item.id)).toEqual([lamp.id])
    expect((await list({ category: 'lighting' })).items.map((item) => item.id)).toEqual([lamp.id])
    expect((await list({ q: 'stoneware' })).items.map((item) => item.id)).toEqual([mug.id])
    expect(await getRequirement(cast.buyer.ctx, lamp.id)).toMatchObject({ status: 'rfq_sent', version: 2, editable: false, cancellable: true })
  })
})

describe('bulk save of a project’s requirements', () => {
  const row = (overrides: Record<string, unknown> = {}) => ({
    title: 'Cable tray 2 m',
    specification: '',
    categoryId: '',
    hsCode: '',
    quantity: '50',
    unit: 'pcs',
    targetUnitPrice: '',
    targetCurrency: '',
    requiredBy: '',
    destination: '',
    ...overrides,
  })

  it('creates new rows, updates changed ones, deletes removed open ones and keeps those already sent, in one transaction', async () => {
    const project = await newProject()
    const keep = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'Keep me' }))
    const change = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'Change me' }))
    const remove = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'Remove me' }))
    const sent = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'Already sent' }))
    await database().transaction((tx) => setRequirementStatus(tx, [sent.id], 'rfq_sent'))
    const asRow = (item: typeof keep) =>
      row({
        id: item.id,
        version: String(item.version),
        title: item.title,
        specification: item.specification,
        categoryId: item.categoryId ?? '',
        hsCode: item.hsCode ?? '',
        quantity: String(item.quantity),
        unit: item.unit,
        targetUnitPrice: item.targetUnitPrice ?? '',
        targetCurrency: item.targetCurrency ?? '',
        requiredBy: item.requiredBy ?? '',
        destination: item.destination,
      })
    const input = BulkRequirementsInput.parse({
      rows: [
        asRow(keep),
        { ...asRow(change), quantity: '999' },
        row({ title: 'New tray', targetUnitPrice: '12.5', targetCurrency: 'EUR' }),
        row({ title: 'New bracket', quantity: '200' }),
      ],
    })
    const result = await saveProjectRequirements(cast.buyer.ctx, project.id, input)
    expect(result).toMatchObject({ created: 2, updated: 1, deleted: 1 })
    expect(result.requirements.map((item) => [item.title, item.status, item.quantity, item.version])).toEqual([
      ['Keep me', 'open', 300, 1],
      ['Change me', 'open', 999, 2],
      ['New tray', 'open', 50, 1],
      ['New bracket', 'open', 200, 1],
      ['Already sent', 'rfq_sent', 300, 2],
    ])
    expect(result.requirements.map((item) => item.id)).not.toContain(remove.id)
    const timeline = (await projectSummary(cast.buyer.ctx, project.id)).events
    expect(timeline.at(-1)).toMatchObject({ type: 'requirements_bulk_saved', data: { created: 2, updated: 1, deleted: 1 } })
  })

  it('reports unknown categories and HS codes per cell and writes nothing', async () => {
    const project = await newProject()
    await createRequirement(cast.buyer.ctx, requirement(project.id))
    const before = await requirementCount(project.id)
    const input = BulkRequirementsInput.parse({
      rows: [row({ title: 'Fine' }), row({ title: 'Bad category', categoryId: 'nope' }), row({ title: 'Bad code', hsCode: '000000' })],
    })
    await expect(saveProjectRequirements(cast.buyer.ctx, project.id, input)).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { 'rows.1.categoryId': ['validation.category'], 'rows.2.hsCode': ['validation.hsCodeUnknown'] } },
    })
    expect(await requirementCount(project.id)).toBe(before)
    // The shared input refuses bad cells before the service: under rows.<index>.<field>.
    const parsed = BulkRequirementsInput.safeParse({ rows: [row({ quantity: '0' }), row({ title: '', targetUnitPrice: '1.5' })] })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]).sort()).toEqual([
      ['rows.0.quantity', 'validation.quantity'],
      ['rows.1.targetCurrency', 'validation.currency'],
      ['rows.1.title', 'validation.title'],
    ])
  })

  it('refuses a set loaded before someone else changed a row (409 stale_version) and writes nothing', async () => {
    const project = await newProject()
    const first = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'First' }))
    const second = await createRequirement(cast.buyer.ctx, requirement(project.id, { title: 'Second' }))
    const { projectId: _projectId, ...fields } = requirement(project.id, { title: 'Second (edited elsewhere)' })
    await updateRequirement(cast.buyer.ctx, second.id, { ...fields, attachmentFileIds: [], version: 1 })
    const input = BulkRequirementsInput.parse({
      rows: [
        row({ id: first.id, version: '1', title: 'First renamed' }),
        row({ id: second.id, version: '1', title: 'Second renamed' }),
        row({ title: 'Brand new' }),
      ],
    })
    await expect(saveProjectRequirements(cast.buyer.ctx, project.id, input)).rejects.toMatchObject({ code: 'stale_version', details: { rows: [1] } })
    const rows = await projectRequirements(cast.buyer.ctx, project.id)
    expect(rows.map((item) => item.title)).toEqual(['First', 'Second (edited elsewhere)'])
  })
})
