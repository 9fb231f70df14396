// What platform admins read of companies' plans (issue 24) on both databases: how many companies each plan holds, and
// the subscription of each company they look up, including a downgrade waiting for the period's end.
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { platformAdmin } from '../../../tests/factories/finance'
import type { ServiceContext } from '../../platform/actor'
import { AppError } from '../../platform/errors'
import { CreatePlanInput } from './index'
import { assignPlan, changePlan, companiesPerPlan, companySubscriptions, createPlan } from './index.server'

let admin: ServiceContext

const planInput = (id: string, monthlyPrice: string) =>
  CreatePlanInput.parse({
    id,
    name: { en: id, 'zh-Hans': id, 'zh-Hant': id },
    description: { en: 'For the test.', 'zh-Hans': '测试用。', 'zh-Hant': '測試用。' },
    currency: 'USD',
    monthlyPrice,
    yearlyPrice: '0',
    maxMembers: '',
    maxPublishedProducts: '',
    maxRfqsPerMonth: '',
    maxAssistantRequestsPerMonth: '',
    maxApiCallsPerDay: '',
    maxStorageMb: '',
    features: [],
    position: 50,
  })

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  return (error as AppError).code
}

beforeAll(async () => {
  admin = await platformAdmin()
  await createPlan(admin, planInput('admin-basic', '5'))
  await createPlan(admin, planInput('admin-plus', '50'))
})

describe('companiesPerPlan', () => {
  it('counts the companies whose subscription is on each plan, and leaves out plans no company is on', async () => {
    const [a, b, c] = await Promise.all([createCompany(), createCompany(), createCompany()])
    await assignPlan(admin, a.id, { planId: 'admin-basic', period: 'monthly' })
    await assignPlan(admin, b.id, { planId: 'admin-basic', period: 'yearly' })
    await assignPlan(admin, c.id, { planId: 'admin-plus', period: 'monthly' })
    await assignPlan(admin, c.id, { planId: 'admin-basic', period: 'monthly' })

    const counts = await companiesPerPlan(admin)
    expect(counts['admin-basic']).toBe(3)
    expect(counts['admin-plus']).toBeUndefined()
  })

  it('answers platform admins only', async () => {
    const { user, company } = await createMember({ role: 'owner' })
    expect(await refusal(companiesPerPlan(contextOf(user.id, company.id)))).toBe('forbidden')
  })
})

describe('companySubscriptions', () => {
  it('gives each company its plan, period and a waiting downgrade; a company without a subscription has no entry', async () => {
    const owner = await createMember({ role: 'owner' })
    const ownerCtx = contextOf(owner.user.id, owner.company.id)
    const fresh = await createCompany()
    await assignPlan(admin, owner.company.id, { planId: 'admin-plus', period: 'yearly' })
    await changePlan(ownerCtx, { planId: 'admin-basic', period: 'monthly' })

    const subscriptions = await companySubscriptions(admin, [owner.company.id, fresh.id, owner.company.id])
    expect([...subscriptions.keys()]).toEqual([owner.company.id])
    const subscription = subscriptions.get(owner.company.id)!
    expect(subscription).toMatchObject({ planId: 'admin-plus', period: 'yearly', next: { planId: 'admin-basic', period: 'monthly' } })
    expect(subscription.periodEnd.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000)

    const before = subscription.version
    await assignPlan(admin, owner.company.id, { planId: 'admin-plus', period: 'yearly' })
    const after = (await companySubscriptions(admin, [owner.company.id])).get(owner.company.id)!
    expect(after.version).toBeGreaterThan(before)
    expect(after.next).toBeNull()
  })

  it('reads nothing for no companies, and answers platform admins only', async () => {
    expect((await companySubscriptions(admin, [])).size).toBe(0)
    const { user, company } = await createMember({ role: 'owner' })
    expect(await refusal(companySubscriptions(contextOf(user.id, company.id), [company.id]))).toBe('forbidden')
  })
})
