// Finance set-up (issue 21), on the real services and both databases: bank accounts and their review, the KYC
// onboarding from draft to decision, the finance settings' two-factor rule, and who may do what.
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { contextOf } from '../../../db/factories/context'
import { createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { platformAdmin } from '../../../tests/factories/finance'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { addMember } from '../../../db/factories/companies'
import { files } from '../kernel/kernel.tables.server'
import { BankAccountInput, EditBankAccountInput, FinanceSettingsInput, KycDraftInput } from './index'
import {
  addBankAccount,
  archiveBankAccount,
  decideBankAccount,
  decideKyc,
  editBankAccount,
  getFinanceSettings,
  getKycProfile,
  kycStatus,
  listBankAccounts,
  pendingBankAccounts,
  pendingKycProfiles,
  requireKycAccepted,
  saveKycDraft,
  setDefaultBankAccount,
  submitKyc,
  updateFinanceSettings,
  verifiedBankAccount,
} from './index.server'

let owner: ServiceContext
let member: ServiceContext
let otherOwner: ServiceContext
let admin: ServiceContext
let companyId: string

beforeAll(async () => {
  const a = await createMember({ role: 'owner', companyInput: { kind: 'supplier' } })
  companyId = a.company.id
  owner = contextOf(a.user.id, companyId, 'owner')
  const plain = await createUser()
  await addMember(companyId, plain.id, 'member')
  member = contextOf(plain.id, companyId, 'member')
  const b = await createMember({ role: 'owner' })
  otherOwner = contextOf(b.user.id, b.company.id, 'owner')
  admin = await platformAdmin()
})

const HSBC = {
  holderName: 'Ningbo Lamp Works',
  bankName: 'HSBC',
  currency: 'GBP',
  scheme: 'iban',
  accountNumber: 'GB33 BUKB 2020 1555 5555 55',
  bic: 'BUKBGB22',
}
const reject = (reason: string) => ({ decision: 'reject' as const, reason })

async function verificationFile(ownerId = companyId): Promise<string> {
  const id = randomUUID()
  await database()
    .insert(files)
    .values({
      id,
      organizationId: ownerId,
      name: `${id.slice(0, 8)}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 10,
      purpose: 'verification',
      storageKey: id,
      sha256: 'x',
    })
  return id
}

const owners = (...percents: string[]) =>
  percents.map((percent, index) => ({ name: `Owner ${index}`, nationality: 'CN', ownershipPercent: percent, dateOfBirth: '1980-01-0' + (index + 1) }))

async function completeDraft(ctx: ServiceContext, version: number) {
  return saveKycDraft(
    ctx,
    KycDraftInput.parse({
      version,
      legalName: 'Ningbo Lamp Works Co., Ltd.',
      registrationNumber: '91330200MA2H8K5Q7N',
      registrationCountry: 'cn',
      registeredAddress: '88 Jiangnan Road, Ningbo',
      directorName: 'Chen Wei',
      beneficialOwners: owners('60', '40'),
      documents: [
        { kind: 'identity', fileId: await verificationFile() },
        { kind: 'registration', fileId: await verificationFile() },
      ],
    }),
  )
}

describe('bank accounts', () => {
  it('adds an account pending review, the first as default, once per idempotency key', async () => {
    const key = `bank-${randomUUID()}`
    const first = await addBankAccount(owner, BankAccountInput.parse(HSBC), { idempotencyKey: key })
    const again = await addBankAccount(owner, BankAccountInput.parse(HSBC), { idempotencyKey: key })
    expect(again.id).toBe(first.id)
    expect(first).toMatchObject({ status: 'pending', isDefault: true, country: 'GB', accountNumber: 'GB33BUKB20201555555555', label: 'HSBC ···· 5555' })
    await expect(verifiedBankAccount(database(), companyId, first.id)).rejects.toMatchObject({ code: 'bank_account_unverified' })
  })

  it('shows members the masked number only', async () => {
    const [account] = await listBankAccounts(member)
    expect(account).toMatchObject({ accountNumber: null, maskedNumber: '···· 5555' })
    expect((await listBankAccounts(owner))[0]?.accountNumber).toBe('GB33BUKB20201555555555')
  })

  it('sends an account back to review when its number changes, not when its bank name does', async () => {
    const account = await addBankAccount(owner, BankAccountInput.parse({ ...HSBC, currency: 'EUR', accountNumber: 'DE89370400440532013000', bic: 'DEUTDEFF' }))
    expect((await pendingBankAccounts(admin)).items.map((item) => item.id)).toContain(account.id)
    await decideBankAccount(admin, account.id, { decision: 'accept' })
    expect(await verifiedBankAccount(database(), companyId, account.id)).toEqual({ id: account.id, label: 'HSBC ···· 3000', currency: 'EUR' })

    const renamed = await editBankAccount(
      owner,
      account.id,
      EditBankAccountInput.parse({ ...HSBC, currency: 'EUR', accountNumber: 'DE89370400440532013000', bic: 'DEUTDEFF', bankName: 'Deutsche Bank', version: 2 }),
    )
    expect(renamed.status).toBe('verified')
    const moved = await editBankAccount(owner, account.id, EditBankAccountInput.parse({ ...HSBC, currency: 'EUR', version: renamed.version }))
    expect(moved).toMatchObject({ status: 'pending', accountNumber: 'GB33BUKB20201555555555' })
    await expect(verifiedBankAccount(database(), companyId, account.id)).rejects.toMatchObject({ code: 'bank_account_unverified' })
    await expect(editBankAccount(owner, account.id, EditBankAccountInput.parse({ ...HSBC, version: renamed.version }))).rejects.toMatchObject({
      code: 'stale_version',
    })
  })

  it('rejects with the reason the company reads, and refuses a second decision', async () => {
    const account = await addBankAccount(
      owner,
      BankAccountInput.parse({ ...HSBC, scheme: 'us_aba', currency: 'USD', accountNumber: '000123456789', routingCode: '021000021' }),
    )
    await decideBankAccount(admin, account.id, reject('The holder does not match the company.'))
    expect((await listBankAccounts(owner)).find((item) => item.id === account.id)).toMatchObject({
      status: 'rejected',
      reviewNote: 'The holder does not match the company.',
    })
    await expect(decideBankAccount(admin, account.id, { decision: 'accept' })).rejects.toMatchObject({ code: 'conflict' })
  })

  it('moves the default, and hands it on when the default is archived', async () => {
    const accounts = await listBankAccounts(owner)
    const other = accounts.find((account) => !account.isDefault)!
    await setDefaultBankAccount(owner, other.id)
    expect((await listBankAccounts(owner)).filter((account) => account.isDefault).map((account) => account.id)).toEqual([other.id])
    await archiveBankAccount(owner, other.id)
    const left = await listBankAccounts(owner)
    expect(left.map((account) => account.id)).not.toContain(other.id)
    expect(left.filter((account) => account.isDefault)).toHaveLength(1)
    await expect(verifiedBankAccount(database(), companyId, other.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses members (403) and hides the account from other companies (404)', async () => {
    const [account] = await listBankAccounts(owner)
    await expect(addBankAccount(member, BankAccountInput.parse(HSBC))).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(archiveBankAccount(member, account!.id)).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(setDefaultBankAccount(otherOwner, account!.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(editBankAccount(otherOwner, account!.id, EditBankAccountInput.parse({ ...HSBC, version: account!.version }))).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(verifiedBankAccount(database(), otherOwner.actor.companyId!, account!.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('KYC onboarding', () => {
  it('refuses an owner below 25 % and owners above 100 % together', () => {
    const base = { version: 0, beneficialOwners: owners('80', '20'), documents: [] }
    expect(KycDraftInput.safeParse(base).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['beneficialOwners.1.ownershipPercent', 'validation.ownerBelowThreshold'],
    ])
    expect(KycDraftInput.safeParse({ ...base, beneficialOwners: owners('60', '50') }).error?.issues[0]).toMatchObject({
      path: ['beneficialOwners'],
      message: 'validation.ownershipTotal',
    })
  })

  it('keeps an incomplete draft, and refuses to submit it with what is missing', async () => {
    const draft = await saveKycDraft(owner, KycDraftInput.parse({ version: 0, legalName: 'Ningbo Lamp Works', beneficialOwners: [], documents: [] }))
    expect(draft).toMatchObject({ status: 'draft', version: 1, canSubmit: true })
    expect(await kycStatus(database(), companyId)).toBe('draft')
    const refused = submitKyc(owner, { version: 1 })
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed' })
    const fields = await refused.catch((error: { details: { fields: Record<string, string[]> } }) => error.details.fields)
    expect(Object.keys(fields).sort()).toEqual([
      'beneficialOwners',
      'directorName',
      'identityDocuments',
      'registeredAddress',
      'registrationCountry',
      'registrationDocuments',
      'registrationNumber',
    ])
  })

  it('refuses a document that is not one of the company’s verification uploads', async () => {
    const foreign = await verificationFile(otherOwner.actor.companyId!)
    const input = KycDraftInput.parse({ version: 1, beneficialOwners: [], documents: [{ kind: 'identity', fileId: foreign }] })
    await expect(saveKycDraft(owner, input)).rejects.toMatchObject({ code: 'validation_failed', details: { fields: { 'documents.0': ['validation.file'] } } })
  })

  it('goes from draft to pending to rejected, and back to draft when corrected', async () => {
    const draft = await completeDraft(owner, 1)
    const pending = await submitKyc(owner, { version: draft.version })
    expect(pending).toMatchObject({ status: 'pending', canEdit: false })
    await expect(completeDraft(owner, pending.version)).rejects.toMatchObject({ code: 'invalid_transition' })
    expect((await pendingKycProfiles(admin)).items.map((item) => item.companyId)).toContain(companyId)

    await decideKyc(admin, companyId, reject('The registration extract is older than three months.'))
    const rejected = await getKycProfile(owner)
    expect(rejected).toMatchObject({ status: 'reject', reviewReason: 'The registration extract is older than three months.', canSubmit: false })
    await expect(submitKyc(owner, { version: rejected.version })).rejects.toMatchObject({ code: 'invalid_transition' })

    const corrected = await completeDraft(owner, rejected.version)
    expect(corrected).toMatchObject({ status: 'draft', reviewReason: 'The registration extract is older than three months.' })
  })

  it('accepts a submitted profile, opening payouts; a later change needs a new review', async () => {
    await expect(requireKycAccepted(database(), companyId)).rejects.toMatchObject({ code: 'kyc_not_accepted' })
    const submitted = await submitKyc(owner, { version: (await getKycProfile(owner)).version })
    await decideKyc(admin, companyId, { decision: 'accept' })
    await expect(requireKycAccepted(database(), companyId)).resolves.toBeUndefined()
    await expect(decideKyc(admin, companyId, { decision: 'accept' })).rejects.toMatchObject({ code: 'conflict' })

    const changed = await saveKycDraft(owner, KycDraftInput.parse({ ...(await getKycProfile(owner)), version: submitted.version + 1, directorName: 'Li Na' }))
    expect(changed.status).toBe('draft')
    await expect(requireKycAccepted(database(), companyId)).rejects.toMatchObject({ code: 'kyc_not_accepted' })
  })

  it('lets members read the profile but not change it, and only platform admins decide', async () => {
    expect(await getKycProfile(member)).toMatchObject({ canEdit: false, canSubmit: false })
    await expect(saveKycDraft(member, KycDraftInput.parse({ version: 0, beneficialOwners: [], documents: [] }))).rejects.toMatchObject({
      code: 'insufficient_role',
    })
    await expect(decideKyc(owner, companyId, { decision: 'accept' })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(pendingKycProfiles(owner)).rejects.toMatchObject({ code: 'forbidden' })
  })
})

describe('finance settings', () => {
  const settings = (version: number, requireTwoFactor: boolean) =>
    FinanceSettingsInput.parse({
      version,
      defaultCurrency: 'EUR',
      payoutSchedule: 'monthly',
      requireTwoFactor,
      invoiceLegalName: 'Ningbo Lamp Works',
      invoiceTaxId: 'CN-1',
      invoiceAddress: '',
    })

  it('answers the defaults before any change', async () => {
    expect(await getFinanceSettings(otherOwner)).toMatchObject({
      defaultCurrency: 'USD',
      payoutSchedule: 'manual',
      requireTwoFactor: false,
      version: 0,
      canEdit: true,
    })
  })

  it('turns two-factor on from a two-factor session only, and then asks it of every money mover', async () => {
    const saved = await updateFinanceSettings(owner, settings(0, false))
    expect(saved).toMatchObject({ defaultCurrency: 'EUR', payoutSchedule: 'monthly', version: 1 })
    await expect(updateFinanceSettings(owner, settings(1, true))).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { requireTwoFactor: ['validation.twoFactorSession'] } },
    })
    const strong = { ...owner, actor: { ...owner.actor, aal: 'aal2' as const } }
    expect(await updateFinanceSettings(strong, settings(1, true))).toMatchObject({ requireTwoFactor: true, version: 2 })
    await expect(addBankAccount(owner, BankAccountInput.parse(HSBC))).rejects.toMatchObject({ code: 'two_factor_required' })
    await expect(updateFinanceSettings(strong, settings(1, false))).rejects.toMatchObject({ code: 'stale_version' })
    expect(await updateFinanceSettings(strong, settings(2, false))).toMatchObject({ requireTwoFactor: false })
  })

  it('refuses members (403)', async () => {
    expect((await getFinanceSettings(member)).canEdit).toBe(false)
    await expect(updateFinanceSettings(member, settings(3, false))).rejects.toMatchObject({ code: 'insufficient_role' })
  })
})
