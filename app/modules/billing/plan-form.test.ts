import { describe, expect, it } from 'vitest'
import { CreatePlanInput, UpdatePlanInput } from './plan.inputs'
import { newPlanFormValues, planFormValues, planInputOf, planValuesFromList, planValuesList, sentPlanFormValues } from './plan-form'

const business = {
  id: 'business',
  name: { en: 'Business', 'zh-Hans': '商业版', 'zh-Hant': '商業版' },
  description: { en: 'For teams.', 'zh-Hans': '适合团队。', 'zh-Hant': '適合團隊。' },
  currency: 'USD',
  monthlyPrice: '49.00',
  yearlyPrice: '490.00',
  limits: {
    members: 15,
    published_products: 500,
    rfqs_per_month: null,
    assistant_requests_per_month: 1000,
    api_calls_per_day: 20000,
    storage_bytes: 10 * 1024 * 1024 * 1024,
  },
  features: ['price_lists', 'escrow_payments'] as const,
  position: 1,
  version: 3,
}

describe('the plan form', () => {
  it('shows a plan as the admin entered it: storage in megabytes, no limit as an empty field', () => {
    const values = planFormValues(business)
    expect(values).toMatchObject({ 'name.zh-Hant': '商業版', maxStorageMb: '10240', maxRfqsPerMonth: '', position: '1', version: '3' })
    expect(values.features).toEqual(['price_lists', 'escrow_payments'])
  })

  it('reads back as the input the plan services take, unchanged', () => {
    const input = UpdatePlanInput.parse(planInputOf(planFormValues(business)))
    expect(input).toMatchObject({
      name: business.name,
      monthlyPrice: '49.00',
      maxMembers: 15,
      maxRfqsPerMonth: null,
      maxStorageMb: 10240,
      features: ['price_lists', 'escrow_payments'],
      version: 3,
    })
  })

  it('reads a submitted form, ticked features included, and names a bad limit by its field', () => {
    const form = new FormData()
    for (const [field, value] of Object.entries({ ...planFormValues(business), id: 'team', maxMembers: '-1' }))
      if (typeof value === 'string') form.set(field, value)
    form.append('features', 'sourcing_assistant')
    const sent = sentPlanFormValues(form)
    expect(sent.features).toEqual(['sourcing_assistant'])
    const parsed = CreatePlanInput.safeParse(planInputOf(sent))
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['maxMembers', 'validation.maxMembers']])
  })

  it('sends a refused form back as one list and shows it again as typed', () => {
    const typed = { ...newPlanFormValues(4), id: 'team', 'name.en': 'Team', maxMembers: '-1', features: ['api_access'] }
    expect(planValuesFromList(planValuesList(typed), typed.features)).toEqual(typed)
    expect(newPlanFormValues(4)).toMatchObject({ currency: 'USD', monthlyPrice: '0', position: '4', maxMembers: '' })
  })
})
