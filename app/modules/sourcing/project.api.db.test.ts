import { beforeAll, describe, expect, it } from 'vitest'
import { addMember } from '../../../db/factories/companies'
import { createSourcingCast } from '../../../tests/factories/sourcing'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let cast: Awaited<ReturnType<typeof createSourcingCast>>
let buyer: CookieJar
let colleague: CookieJar
let stranger: CookieJar

type Project = { id: string; number: string; status: string; version: number; budget: string | null; actions: string[] }
type Requirement = { id: string; title: string; version: number; status: string; hs_code: string | null; target_unit_price: string | null }

beforeAll(async () => {
  app = testApp()
  cast = await createSourcingCast()
  const member = await createUser()
  await addMember(cast.buyer.company.id, member.id, 'member')
  buyer = await signInWithCookies(app, cast.buyer.user)
  colleague = await signInWithCookies(app, member)
  stranger = await signInWithCookies(app, cast.stranger.user)
})

async function createProject(jar: CookieJar = buyer): Promise<Project> {
  const response = await call(app, '/api/v1/projects', {
    body: { name: 'Lobby furniture', description: '', currency: 'usd', budget: '25000', deadline: '2027-05-01' },
    jar,
  })
  expect(response.status, response.text).toBe(201)
  return response.json as unknown as Project
}

const requirementBody = (projectId: string, overrides: Record<string, unknown> = {}) => ({
  project_id: projectId,
  title: 'Lounge chair',
  specification: 'Oak frame, wool upholstery',
  category_id: '',
  hs_code: '9401.61',
  quantity: 24,
  unit: 'pcs',
  target_unit_price: '180',
  target_currency: 'USD',
  required_by: '2027-04-01',
  destination: 'Amsterdam',
  ...overrides,
})

describe('projects API', () => {
  it('creates, lists, edits and moves a project; any member of the company may', async () => {
    const project = await createProject(colleague)
    expect(project).toMatchObject({ status: 'draft', budget: '25000.0000', version: 1, actions: ['activate', 'cancel'] })
    expect(project.number).toMatch(/^PRJ-\d{4}-\d{5}$/)
    const list = await call(app, `/api/v1/projects?status=draft&q=${encodeURIComponent(project.number)}`, { jar: buyer })
    expect(list.status).toBe(200)
    expect((list.json as { items: Array<{ id: string; requirement_count: number }> }).items).toEqual([
      expect.objectContaining({ id: project.id, requirement_count: 0 }),
    ])

    const edited = await call(app, `/api/v1/projects/${project.id}`, {
      method: 'PUT',
      body: { name: 'Lobby furniture and lighting', currency: 'USD', budget: '30000', version: 1 },
      jar: buyer,
    })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.json).toMatchObject({ version: 2, budget: '30000.0000', deadline: null })
    const stale = await call(app, `/api/v1/projects/${project.id}`, { method: 'PUT', body: { name: 'Late', currency: 'USD', version: 1 }, jar: buyer })
    expect(stale.status).toBe(409)
    expect(stale.json).toMatchObject({ code: 'stale_version' })

    const activated = await call(app, `/api/v1/projects/${project.id}/transitions`, { body: { action: 'activate', version: 2 }, jar: buyer })
    expect(activated.json).toMatchObject({ status: 'active', version: 3 })
    const refused = await call(app, `/api/v1/projects/${project.id}/transitions`, { body: { action: 'reopen', version: 3 }, jar: buyer })
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({ code: 'invalid_transition' })
    const noReason = await call(app, `/api/v1/projects/${project.id}/transitions`, { body: { action: 'cancel', version: 3 }, jar: buyer })
    expect(noReason.status).toBe(422)
    expect(noReason.json).toMatchObject({ details: { fields: { reason: [expect.any(String)] } } })
    const detail = await call(app, `/api/v1/projects/${project.id}`, { jar: buyer })
    expect(detail.status).toBe(200)
    expect((detail.json as { events: Array<{ type: string }> }).events.map((event) => event.type)).toEqual(['created', 'updated', 'activate'])
  })

  it('answers field errors in snake_case with translated messages', async () => {
    const response = await call(app, '/api/v1/projects', {
      body: { name: 'X', currency: 'EURO', budget: '-1', deadline: '2027-13-45' },
      jar: buyer,
      headers: { 'accept-language': 'en' },
    })
    expect(response.status).toBe(422)
    const fields = (response.json as { details: { fields: Record<string, string[]> } }).details.fields
    expect(Object.keys(fields).sort()).toEqual(['budget', 'currency', 'deadline', 'name'])
    expect(fields.currency![0]).not.toMatch(/^validation\./)
  })

  it('creates, reads and edits requirements, and saves the bulk grid with errors under rows.<index>.<field>', async () => {
    const project = await createProject()
    const created = await call(app, '/api/v1/requirements', { body: requirementBody(project.id), jar: buyer })
    expect(created.status, created.text).toBe(201)
    const requirement = created.json as unknown as Requirement
    expect(requirement).toMatchObject({ hs_code: '940161', target_unit_price: '180.0000', status: 'open', version: 1 })
    const { project_id: _projectId, ...fields } = requirementBody(project.id, { quantity: 30 })
    const updated = await call(app, `/api/v1/requirements/${requirement.id}`, { method: 'PUT', body: { ...fields, version: 1 }, jar: buyer })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.json).toMatchObject({ quantity: 30, version: 2 })
    const listed = await call(app, `/api/v1/requirements?project=${project.id}&q=lounge`, { jar: buyer })
    expect((listed.json as { total: number }).total).toBe(1)

    const bad = await call(app, `/api/v1/projects/${project.id}/requirements/bulk`, {
      method: 'PUT',
      body: {
        rows: [
          { id: requirement.id, version: 2, ...fields },
          { title: 'Side table', quantity: 0, unit: 'pcs', target_unit_price: '1' },
        ],
      },
      jar: buyer,
    })
    expect(bad.status).toBe(422)
    expect(Object.keys((bad.json as { details: { fields: Record<string, string[]> } }).details.fields).sort()).toEqual([
      'rows.1.quantity',
      'rows.1.target_currency',
    ])
    const stale = await call(app, `/api/v1/projects/${project.id}/requirements/bulk`, {
      method: 'PUT',
      body: { rows: [{ id: requirement.id, version: 1, ...fields }] },
      jar: buyer,
    })
    expect(stale.status).toBe(409)
    const saved = await call(app, `/api/v1/projects/${project.id}/requirements/bulk`, {
      method: 'PUT',
      body: {
        rows: [
          { id: requirement.id, version: 2, ...fields },
          { title: 'Side table', quantity: 12, unit: 'pcs' },
        ],
      },
      jar: buyer,
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ created: 1, updated: 0, deleted: 0 })
    expect((saved.json as { requirements: Requirement[] }).requirements.map((row) => row.title)).toEqual(['Lounge chair', 'Side table'])
  })

  it('hides a company’s projects and requirements from other companies (404) and refuses anonymous callers (401)', async () => {
    const project = await createProject()
    const created = (await call(app, '/api/v1/requirements', { body: requirementBody(project.id), jar: buyer })).json as unknown as Requirement
    for (const [path, method, body] of [
      [`/api/v1/projects/${project.id}`, 'GET', undefined],
      [`/api/v1/projects/${project.id}`, 'PUT', { name: 'Taken', currency: 'USD', version: 1 }],
      [`/api/v1/projects/${project.id}/transitions`, 'POST', { action: 'activate', version: 1 }],
      [`/api/v1/projects/${project.id}/requirements/bulk`, 'PUT', { rows: [] }],
      [`/api/v1/requirements/${created.id}`, 'GET', undefined],
      [`/api/v1/requirements/${created.id}`, 'PUT', { ...requirementBody(project.id), version: 1 }],
      ['/api/v1/requirements', 'POST', requirementBody(project.id)],
    ] as const) {
      const response = await call(app, path, { method, ...(body ? { body } : {}), jar: stranger })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    expect((await call(app, `/api/v1/projects/${project.id}`)).status).toBe(401)
    const list = await call(app, '/api/v1/projects', { jar: stranger })
    expect((list.json as { items: Array<{ id: string }> }).items.map((item) => item.id)).not.toContain(project.id)
  })
})
