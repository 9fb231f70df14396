// Finance set-up over REST (issue 21): bank accounts, the KYC onboarding, finance settings, and the platform admins'
// review of KYC profiles and bank accounts.
import { createRoute, z } from '@hono/zod-openapi'
import type { ServiceContext } from '../../platform/actor'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  decimalString,
  errorResponses,
  IdParam,
  jsonResponse,
  memberAccess,
  SIGNED_IN,
  snakeCaseBodySchema,
} from '../../platform/api/schemas'
import { serviceContext } from '../../platform/api/caller.server'
import { toWire } from '../../platform/api/wire'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { requireRole } from '../companies/index'
import { companyServiceContext } from '../companies/index.server'
import { fileContentUrl } from '../kernel/index'
import {
  BANK_ACCOUNT_SCHEMES,
  BANK_ACCOUNT_STATUSES,
  BankAccountInput,
  EditBankAccountInput,
  FinanceReviewInput,
  FinanceSettingsInput,
  KYC_DOCUMENT_KINDS,
  KYC_STATUSES,
  KycDraftInput,
  PAYOUT_SCHEDULES,
  SubmitKycInput,
} from './index'
import {
  addBankAccount,
  archiveBankAccount,
  type BankAccountView,
  decideBankAccount,
  decideKyc,
  editBankAccount,
  getFinanceSettings,
  getKycProfile,
  type KycProfileView,
  listBankAccounts,
  pendingBankAccounts,
  pendingKycProfiles,
  saveKycDraft,
  setDefaultBankAccount,
  submitKyc,
  updateFinanceSettings,
} from './index.server'

const tags = ['Finance set-up']
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }
const write = { ...read, 409: errorResponses[409], 422: errorResponses[422] }
const NAMESPACE = 'financeSetup'

const BankAccountSchema = z
  .object({
    id: z.string(),
    holder_name: z.string(),
    bank_name: z.string(),
    country: z.string().openapi({ description: 'ISO 3166-1 alpha-2: the IBAN’s, US for ABA, CN for CNAPS, as given for SWIFT' }),
    currency: z.string(),
    scheme: z.enum(BANK_ACCOUNT_SCHEMES),
    account_number: z.string().nullable().openapi({ description: 'The full IBAN or account number: owners and admins only (null for members)' }),
    masked_number: z.string().openapi({ example: '···· 4321' }),
    label: z.string().openapi({ example: 'HSBC ···· 4321' }),
    bic: z.string(),
    routing_code: z.string().openapi({ description: 'The ABA routing number or CNAPS bank code (local schemes)' }),
    status: z.enum(BANK_ACCOUNT_STATUSES),
    review_note: z.string().openapi({ description: 'Why a platform admin rejected it' }),
    is_default: z.boolean(),
    version: z.number().int().openapi({ description: 'The optimistic lock: send it back with the next change' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('BankAccount')

const OwnerSchema = z.object({
  name: z.string(),
  nationality: z.string().openapi({ description: 'ISO 3166-1 alpha-2' }),
  ownership_percent: decimalString('Share of the company, at least 25', '60'),
  date_of_birth: z.string().openapi({ example: '1978-04-02' }),
})

const KycSchema = z
  .object({
    status: z.enum(KYC_STATUSES),
    legal_name: z.string(),
    registration_number: z.string(),
    registration_country: z.string(),
    registered_address: z.string(),
    director_name: z.string(),
    beneficial_owners: z.array(OwnerSchema),
    documents: z.array(z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), file_id: z.string(), name: z.string(), content_url: z.string() })),
    submitted_at: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    review_reason: z.string().openapi({ description: 'The last rejection’s reason, kept while the company corrects its draft' }),
    version: z.number().int().openapi({ description: 'The optimistic lock (0 before the first save)' }),
    can_edit: z.boolean(),
    can_submit: z.boolean(),
  })
  .openapi('KycProfile')

const SettingsSchema = z
  .object({
    default_currency: z.string(),
    payout_schedule: z.enum(PAYOUT_SCHEDULES),
    require_two_factor: z.boolean().openapi({ description: 'Money-moving commands need a two-factor (aal2) session' }),
    invoice_legal_name: z.string(),
    invoice_tax_id: z.string(),
    invoice_address: z.string(),
    version: z.number().int().openapi({ description: 'The optimistic lock (0 while the company has the defaults)' }),
    updated_at: z.string().nullable(),
    can_edit: z.boolean(),
  })
  .openapi('FinanceSettings')

const Company = z.object({ id: z.string(), name: z.string() })
const { can_edit: _edit, can_submit: _submit, ...kycReviewFields } = KycSchema.shape
const ReviewsSchema = z
  .object({
    kyc: z.object({ items: z.array(z.object({ ...kycReviewFields, company: Company })), total: z.number().int() }),
    bank_accounts: z.object({ items: z.array(BankAccountSchema.extend({ company: Company })), total: z.number().int() }),
  })
  .openapi('FinanceReviews', { description: 'At most 50 of each, oldest first; `total` says how many wait' })

const KycDraftBody = z
  .object({
    version: z.number().int(),
    legal_name: z.string(),
    registration_number: z.string(),
    registration_country: z.string().openapi({ description: 'ISO 3166-1 alpha-2, or empty' }),
    registered_address: z.string(),
    director_name: z.string(),
    beneficial_owners: z.array(OwnerSchema).openapi({ description: 'Each holds at least 25 %, together at most 100 %' }),
    documents: z
      .array(z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), file_id: z.string() }))
      .openapi({ description: 'Files of the company uploaded with purpose verification (POST /api/v1/files)' }),
  })
  .openapi({
    example: {
      version: 0,
      legal_name: 'Ningbo Lamp Works Co., Ltd.',
      registration_number: '91330200MA2H8K5Q7N',
      registration_country: 'CN',
      registered_address: '88 Jiangnan Road, Ningbo',
      director_name: 'Chen Wei',
      beneficial_owners: [{ name: 'Chen Wei', nationality: 'CN', ownership_percent: '60', date_of_birth: '1978-04-02' }],
      documents: [],
    },
  })

const bankAccountExample = {
  holder_name: 'Ningbo Lamp Works Co., Ltd.',
  bank_name: 'HSBC',
  currency: 'GBP',
  scheme: 'iban',
  account_number: 'GB33BUKB20201555555555',
  bic: 'BUKBGB22',
  routing_code: '',
  country: '',
}

const BODIES = {
  AddBankAccount: snakeCaseBodySchema(BankAccountInput, bankAccountExample),
  EditBankAccount: snakeCaseBodySchema(EditBankAccountInput, { ...bankAccountExample, version: 1 }),
  SubmitKyc: snakeCaseBodySchema(SubmitKycInput, { version: 1 }),
  UpdateFinanceSettings: snakeCaseBodySchema(FinanceSettingsInput, {
    version: 0,
    default_currency: 'USD',
    payout_schedule: 'monthly',
    require_two_factor: false,
    invoice_legal_name: 'Ningbo Lamp Works Co., Ltd.',
    invoice_tax_id: '91330200MA2H8K5Q7N',
    invoice_address: '88 Jiangnan Road, Ningbo',
  }),
  FinanceReviewDecision: snakeCaseBodySchema(FinanceReviewInput, { decision: 'reject', reason: 'The IBAN belongs to another holder.' }),
}

const CompanyIdParam = z.object({ companyId: z.string().min(1).max(64) })

const routes = {
  listBankAccounts: createRoute({
    method: 'get',
    path: '/v1/finance/bank-accounts',
    tags,
    summary: 'The company’s bank accounts for payouts, the default first (full numbers for owners and admins only)',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: { 200: jsonResponse(z.object({ items: z.array(BankAccountSchema) }), 'The accounts'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  addBankAccount: createRoute({
    method: 'post',
    path: '/v1/finance/bank-accounts',
    tags,
    summary: 'Add a bank account (owners and admins): pending until a platform admin verifies it',
    description:
      'scheme iban: a valid IBAN and BIC (the country is the IBAN’s); us_aba: a 9-digit routing number with a valid checksum and a 4–17 digit account number; cn_cnaps: a 12-digit CNAPS code and a 10–30 digit account number; swift: a BIC, a 4–34 character account number and the country. 403 two_factor_required when the company asks for two factors and the session has one.',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('AddBankAccount') },
    responses: { 201: jsonResponse(BankAccountSchema, 'The account, pending review'), 400: errorResponses[400], ...write },
  }),
  editBankAccount: createRoute({
    method: 'patch',
    path: '/v1/finance/bank-accounts/{id}',
    tags,
    summary: 'Change a bank account (owners and admins): a new holder, number, code or country sends it back to review',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('EditBankAccount') },
    responses: { 200: jsonResponse(BankAccountSchema, 'The account after the change'), ...write },
  }),
  archiveBankAccount: createRoute({
    method: 'delete',
    path: '/v1/finance/bank-accounts/{id}',
    tags,
    summary: 'Archive a bank account (owners and admins): it takes no new payouts; past payouts keep its label',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 204: { description: 'Archived' }, ...read },
  }),
  setDefault: createRoute({
    method: 'post',
    path: '/v1/finance/bank-accounts/{id}/default',
    tags,
    summary: 'Make a bank account the company’s default for payouts (owners and admins)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(BankAccountSchema, 'The default account'), ...read },
  }),
  getKyc: createRoute({
    method: 'get',
    path: '/v1/finance/kyc',
    tags,
    summary: 'The company’s finance onboarding (KYC): its legal details, beneficial owners, documents and review',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: { 200: jsonResponse(KycSchema, 'The profile (an empty draft before the first save)'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  saveKyc: createRoute({
    method: 'put',
    path: '/v1/finance/kyc',
    tags,
    summary: 'Save the onboarding draft (owners and admins); an accepted or rejected profile that changes is a draft again',
    description: 'Refused (409) while under review, or when version is not the current one.',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('KycDraft') },
    responses: { 200: jsonResponse(KycSchema, 'The saved draft'), 400: errorResponses[400], ...write },
  }),
  submitKyc: createRoute({
    method: 'post',
    path: '/v1/finance/kyc/submit',
    tags,
    summary: 'Submit the draft for review (owners and admins): every field, an owner and an identity and a registration document first',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('SubmitKyc') },
    responses: { 200: jsonResponse(KycSchema, 'The profile, pending review'), 400: errorResponses[400], ...write },
  }),
  getSettings: createRoute({
    method: 'get',
    path: '/v1/finance/settings',
    tags,
    summary: 'The company’s finance settings: default currency, payout schedule, two-factor rule and invoicing details',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: { 200: jsonResponse(SettingsSchema, 'The settings (the defaults until changed)'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  updateSettings: createRoute({
    method: 'patch',
    path: '/v1/finance/settings',
    tags,
    summary: 'Change the finance settings (owners and admins); turning the two-factor rule on needs a two-factor session',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('UpdateFinanceSettings') },
    responses: { 200: jsonResponse(SettingsSchema, 'The settings after the change'), 400: errorResponses[400], ...write },
  }),
  reviews: createRoute({
    method: 'get',
    path: '/v1/finance/reviews',
    tags,
    summary: 'KYC profiles and bank accounts waiting for review, oldest first (platform admins)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    responses: { 200: jsonResponse(ReviewsSchema, 'What waits for review'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  decideKyc: createRoute({
    method: 'post',
    path: '/v1/finance/reviews/kyc/{companyId}',
    tags,
    summary: 'Accept a company’s submitted KYC profile, or reject it with a reason (platform admins); the company is told',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { params: CompanyIdParam, body: bodyRef('FinanceReviewDecision') },
    responses: { 204: { description: 'Decided' }, ...write },
  }),
  decideBankAccount: createRoute({
    method: 'post',
    path: '/v1/finance/reviews/bank-accounts/{id}',
    tags,
    summary: 'Verify a pending bank account, or reject it with a reason (platform admins); the company is told',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { params: IdParam, body: bodyRef('FinanceReviewDecision') },
    responses: { 204: { description: 'Decided' }, ...write },
  }),
}

const bankWire = (account: BankAccountView) => toWire(BankAccountSchema, account)

const kycWire = (profile: KycProfileView) =>
  toWire(KycSchema, { ...profile, documents: profile.documents.map((document) => ({ ...document, contentUrl: fileContentUrl(document.fileId) })) })

/** A JSON body with snake_case names, its owner and document rows too. */
function kycBody(body: unknown): unknown {
  const top = camelCaseKeys(body)
  if (!top || typeof top !== 'object') return top
  const rows = (value: unknown) => (Array.isArray(value) ? value.map(camelCaseKeys) : value)
  const fields = top as Record<string, unknown>
  return { ...fields, beneficialOwners: rows(fields.beneficialOwners), documents: rows(fields.documents) }
}

/** Owners and admins only, refused before the body is read (a member learns 403 whatever they send). */
async function managerContext(c: Parameters<typeof companyServiceContext>[0]): Promise<ServiceContext> {
  const ctx = await companyServiceContext(c)
  requireRole(ctx.actor, 'admin')
  return ctx
}

async function platformAdminContext(c: Parameters<typeof serviceContext>[0]): Promise<ServiceContext> {
  const ctx = await serviceContext(c)
  requirePlatformAdmin(ctx.actor)
  return ctx
}

export function registerFinanceSetupRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)
  api.openAPIRegistry.register('KycDraft', KycDraftBody)

  api.openapi(routes.listBankAccounts, async (c) => {
    const accounts = await listBankAccounts(await companyServiceContext(c))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: accounts.map(bankWire) }, 200)
  })

  api.openapi(routes.addBankAccount, async (c) => {
    const ctx = await managerContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const account = await parseAndRun(NAMESPACE, BankAccountInput, body, (input) => addBankAccount(ctx, input, idempotencyOf(c)))
    return c.json(bankWire(account), 201)
  })

  api.openapi(routes.editBankAccount, async (c) => {
    const ctx = await managerContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(bankWire(await parseAndRun(NAMESPACE, EditBankAccountInput, body, (input) => editBankAccount(ctx, id, input))), 200)
  })

  api.openapi(routes.archiveBankAccount, async (c) => {
    await archiveBankAccount(await managerContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.setDefault, async (c) => {
    const account = await setDefaultBankAccount(await managerContext(c), c.req.valid('param').id)
    return c.json(bankWire(account), 200)
  })

  api.openapi(routes.getKyc, async (c) => {
    const profile = await getKycProfile(await companyServiceContext(c))
    c.header('Cache-Control', 'no-store')
    return c.json(kycWire(profile), 200)
  })

  api.openapi(routes.saveKyc, async (c) => {
    const ctx = await managerContext(c)
    const body = kycBody(await readJsonBody(c))
    return c.json(kycWire(await parseAndRun(NAMESPACE, KycDraftInput, body, (input) => saveKycDraft(ctx, input))), 200)
  })

  api.openapi(routes.submitKyc, async (c) => {
    const ctx = await managerContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(kycWire(await parseAndRun(NAMESPACE, SubmitKycInput, body, (input) => submitKyc(ctx, input))), 200)
  })

  api.openapi(routes.getSettings, async (c) => {
    const settings = await getFinanceSettings(await companyServiceContext(c))
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(SettingsSchema, settings), 200)
  })

  api.openapi(routes.updateSettings, async (c) => {
    const ctx = await managerContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const settings = await parseAndRun(NAMESPACE, FinanceSettingsInput, body, (input) => updateFinanceSettings(ctx, input))
    return c.json(toWire(SettingsSchema, settings), 200)
  })

  api.openapi(routes.reviews, async (c) => {
    const ctx = await platformAdminContext(c)
    const [kyc, accounts] = await Promise.all([pendingKycProfiles(ctx), pendingBankAccounts(ctx)])
    c.header('Cache-Control', 'no-store')
    const company = (item: { companyId: string; companyName: string }) => ({ id: item.companyId, name: item.companyName })
    return c.json(
      toWire(ReviewsSchema, {
        kyc: {
          total: kyc.total,
          items: kyc.items.map((item) => ({
            ...item,
            company: company(item),
            documents: item.documents.map((document) => ({ ...document, contentUrl: fileContentUrl(document.fileId) })),
          })),
        },
        bankAccounts: { total: accounts.total, items: accounts.items.map((item) => ({ ...item, company: company(item) })) },
      }),
      200,
    )
  })

  api.openapi(routes.decideKyc, async (c) => {
    const ctx = await platformAdminContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    await parseAndRun(NAMESPACE, FinanceReviewInput, body, (input) => decideKyc(ctx, c.req.valid('param').companyId, input))
    return c.body(null, 204)
  })

  api.openapi(routes.decideBankAccount, async (c) => {
    const ctx = await platformAdminContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    await parseAndRun(NAMESPACE, FinanceReviewInput, body, (input) => decideBankAccount(ctx, c.req.valid('param').id, input))
    return c.body(null, 204)
  })
}
