import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfBytes } from '../../../tests/support/file-fixtures'
import { companiesContext, type ClientCompanies } from '../../modules/companies/index'
import { companyProfiles, members, supplierApplications } from '../../modules/companies/companies.tables.server'
import { clientSessionContext, type ClientSession } from '../../modules/identity/index'
import { users } from '../../modules/identity/identity.tables.server'
import { database } from '../../platform/db/index.server'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { requestInfoContext } from '../../platform/request-info'
import { action } from './onboard'

let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-onboard-'))
  useFileStorage(new LocalDiskStorage(root))
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

type ActionArgs = Parameters<typeof action>[0]

/** The page action as React Router calls it, for an anonymous visitor. */
async function submit(fields: Record<string, string>, documents: File[] = []) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  for (const document of documents) form.append('documents', document)
  const context = new RouterContextProvider()
  context.set(clientSessionContext, null as ClientSession | null)
  context.set(companiesContext, null as ClientCompanies | null)
  context.set(requestInfoContext, { requestId: 'test', nonce: '', clientIp: '203.0.113.9', faultInjection: null, rejectedInput: null })
  const request = new Request('http://localhost/en/supplier/onboard', { method: 'POST', body: form })
  return action({ request, params: { lang: 'en' }, context } as unknown as ActionArgs)
}

const application = {
  name: 'Lin Fang',
  identifier: 'lin.fang@jade-ceramics.example',
  password: 'Jade-Kiln-Harbour-42',
  legalName: 'Jade Ceramics Co., Ltd.',
  displayName: 'Jade Ceramics',
  country: 'CN',
  city: 'Jingdezhen',
  supplierType: 'manufacturer',
  capabilities: 'Porcelain, Glazing',
  exportMarkets: 'US,FR',
  description: 'Porcelain tableware since 1998.',
  message: 'Licence attached.',
}

const pdf = () => new File([new Uint8Array(pdfBytes())], 'licence.pdf', { type: 'application/pdf' })

describe('the public supplier application (/supplier/onboard)', () => {
  it('signs the applicant up, registers the supplier, submits the documents and signs them in', async () => {
    const response = (await submit(application, [pdf()])) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/en/app/supplier/onboarding?submitted=1')
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('tp.session_token='))).toBe(true)

    const [user] = await database().select().from(users).where(eq(users.email, application.identifier))
    const [membership] = await database()
      .select()
      .from(members)
      .where(eq(members.userId, user?.id ?? ''))
    expect(membership?.role).toBe('owner')
    const [profile] = await database()
      .select()
      .from(companyProfiles)
      .where(eq(companyProfiles.organizationId, membership?.organizationId ?? ''))
    expect(profile).toMatchObject({
      kind: 'supplier',
      supplierType: 'manufacturer',
      capabilities: ['Porcelain', 'Glazing'],
      exportMarkets: ['US', 'FR'],
      verificationStatus: 'pending',
      description: { en: 'Porcelain tableware since 1998.' },
    })
    const [pending] = await database()
      .select()
      .from(supplierApplications)
      .where(eq(supplierApplications.organizationId, membership?.organizationId ?? ''))
    expect(pending).toMatchObject({ status: 'pending', message: 'Licence attached.' })
  })

  it('creates nothing when a step is invalid, and names the first step to reopen', async () => {
    const result = await submit({ ...application, identifier: 'wu.lei@jade-ceramics.example', legalName: '', exportMarkets: 'Atlantis' })
    const { data, init } = result as unknown as { data: { step: string; fieldErrors: Record<string, string[]> }; init: { status: number } }
    expect(init.status).toBe(422)
    expect(data.step).toBe('company')
    expect(data.fieldErrors).toMatchObject({
      legalName: ['validation.legalName'],
      exportMarkets: ['validation.country'],
      documents: ['validation.documentsRequired'],
    })
    expect(await database().select().from(users).where(eq(users.email, 'wu.lei@jade-ceramics.example'))).toEqual([])
  })
})
