// The public pricing page as React Router calls it: the plans on offer in the visitor's language and currency, cacheable
// for visitors; a member's plan marked; and a visitor's plan choice or question kept through sign-in.
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { putCompanyOnPlan } from '../../modules/billing/index.server'
import { companiesContext, type ClientCompanies } from '../../modules/companies/index'
import { membershipsOf } from '../../modules/companies/index.server'
import { clientSessionContext, type ClientSession } from '../../modules/identity/index'
import { REDIRECT_COOKIE } from '../../platform/auth-guard'
import { requestInfoContext } from '../../platform/request-info'
import { action, loader } from './index'

type LoaderArgs = Parameters<typeof loader>[0]
type ActionArgs = Parameters<typeof action>[0]
type Page = Awaited<ReturnType<typeof loader>>

let member: { session: ClientSession; companies: ClientCompanies }

beforeAll(async () => {
  const { user, company } = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
  await putCompanyOnPlan(company.id, { planId: 'business', period: 'yearly' }, null)
  const memberships = await membershipsOf(user.id)
  member = {
    session: {
      sessionId: 'test',
      aal: 'aal1',
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: true,
        phoneNumber: null,
        phoneNumberVerified: false,
        role: 'user',
        twoFactorEnabled: false,
        updatedAt: 0,
      },
    },
    companies: { memberships, active: memberships.find((membership) => membership.companyId === company.id) ?? null },
  }
})

function contextFor(viewer: typeof member | null) {
  const context = new RouterContextProvider()
  context.set(clientSessionContext, viewer?.session ?? null)
  context.set(companiesContext, viewer?.companies ?? null)
  context.set(requestInfoContext, { requestId: 'test', nonce: '', clientIp: '203.0.113.9', faultInjection: null, rejectedInput: null })
  return context
}

async function open(path: string, viewer: typeof member | null = null): Promise<Page> {
  const lang = path.split('/')[1]!
  return loader({ request: new Request(`http://localhost${path}`), params: { lang }, context: contextFor(viewer) } as unknown as LoaderArgs)
}

async function submit(fields: Record<string, string>, viewer: typeof member | null = null) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  const request = new Request('http://localhost/zh-Hans/pricing', { method: 'POST', body: form })
  return action({ request, params: { lang: 'zh-Hans' }, context: contextFor(viewer) } as unknown as ActionArgs)
}

/** The path the login will return to, from the cookie the action set. */
function returnPath(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${REDIRECT_COOKIE}=`))
  return cookie ? decodeURIComponent(cookie.split(';')[0]!.slice(REDIRECT_COOKIE.length + 1)) : null
}

describe('the pricing page (/pricing)', () => {
  it('shows a visitor the plans on offer in their language, cacheable like the other public pages', async () => {
    const page = await open('/zh-Hans/pricing')
    expect(page.init?.headers).toMatchObject({ 'Cache-Control': 'public, max-age=60' })
    expect(page.data.viewer).toEqual({ kind: 'visitor' })
    expect(page.data.plans.map((plan) => [plan.id, plan.name])).toEqual([
      ['free', '免费版'],
      ['business', '商业版'],
      ['enterprise', '企业版'],
    ])
    const business = page.data.plans.find((plan) => plan.id === 'business')!
    expect(business.limits).toMatchObject({ members: 15, rfqs_per_month: 100, storage_bytes: 10 * 1024 ** 3 })
    expect(business.prices.yearly.billed).toEqual({ amount: '490.00', currency: 'USD' })
    expect(page.data.plans.find((plan) => plan.id === 'enterprise')!.limits.members).toBeNull()
    expect(page.data.currency).toBe('USD')
    expect(page.data.billedIn).toEqual(['USD'])
    // The figures come written in the page's language, so the browser hydrates them without building Intl formatters.
    expect(page.data.texts.plans.business).toMatchObject({
      prices: { monthly: { shown: 'US$49', billed: 'US$49' } },
      saving: '17%',
      limits: { members: '15', rfqs_per_month: '100', storage_bytes: '10 GB', published_products: expect.any(String) },
    })
    expect(page.data.texts.plans.enterprise!.limits.members).toBeNull()
    expect(page.data.texts.bestSaving).toBe('17%')
  })

  it('converts the prices into a chosen currency with the reference rates, and ignores a currency without a rate', async () => {
    const page = await open('/en/pricing?currency=cny&period=yearly')
    expect(page.data.currency).toBe('CNY')
    // 490 USD × 7.8 / 1.08 (the seeded rates per EUR)
    expect(page.data.plans.find((plan) => plan.id === 'business')!.prices.yearly.shown).toEqual({ amount: '3538.89', currency: 'CNY', approximate: true })
    expect(page.data.texts.plans.business!.prices.yearly).toEqual({ shown: 'CN¥3,538.89', billed: '$490' })
    expect(page.data.texts.rateDay).toBe('Nov 20, 2026')
    expect(page.data.currencies.map((choice) => choice.code)).toContain('CNY')
    expect((await open('/en/pricing?currency=XYZ')).data.currency).toBe('USD')
  })

  it('tells search engines about the plans and the questions it answers', async () => {
    const page = await open('/en/pricing')
    const [product, faq] = page.data.jsonLd
    expect(product).toMatchObject({ '@type': 'Product', url: `${page.data.origin}/en/pricing` })
    expect(product.offers.find((offer) => offer.name === 'Business')).toMatchObject({ price: '49.00', priceCurrency: 'USD' })
    expect(faq['@type']).toBe('FAQPage')
    expect(faq.mainEntity.length).toBeGreaterThanOrEqual(6)
    expect(faq.mainEntity.map((entry) => entry.acceptedAnswer.text).join(' ')).not.toMatch(/\{\{/)
  })

  it('marks a member’s plan and keeps the page private', async () => {
    const page = await open('/en/pricing', member)
    expect(page.init?.headers).toMatchObject({ 'Cache-Control': 'private, no-cache' })
    expect(page.data.viewer).toMatchObject({ kind: 'member', planId: 'business', period: 'yearly', next: null, retiredName: null })
  })

  it('sends a visitor who picks a plan to sign up or sign in, and back to the plan settings with the plan chosen', async () => {
    const signUp = (await submit({ intent: 'sign-up', planId: 'business', period: 'yearly' })) as Response
    expect(signUp.status).toBe(302)
    expect(signUp.headers.get('location')).toBe('/zh-Hans/login?mode=sign-up')
    expect(returnPath(signUp)).toBe('/zh-Hans/app/settings/plan?plan=business&period=yearly')
    const signIn = (await submit({ intent: 'sign-in', planId: 'free', period: 'monthly' })) as Response
    expect(signIn.headers.get('location')).toBe('/zh-Hans/login')
    expect(returnPath(signIn)).toBe('/zh-Hans/app/settings/plan?plan=free&period=monthly')
  })

  it('keeps a visitor’s question through sign-in, and takes a member straight to the assistant', async () => {
    const asked = (await submit({ intent: 'ask', question: '  哪个套餐适合每月 30 份询价单？ ' })) as Response
    expect(asked.headers.get('location')).toBe('/zh-Hans/login')
    expect(returnPath(asked)).toBe(`/zh-Hans/app/sourcing/chat?${new URLSearchParams({ q: '哪个套餐适合每月 30 份询价单？' })}`)
    const straight = (await submit({ intent: 'ask', question: 'Which plan fits 30 RFQs a month?' }, member)) as Response
    expect(straight.headers.get('location')).toBe('/zh-Hans/app/sourcing/chat?q=Which+plan+fits+30+RFQs+a+month%3F')
    expect(returnPath(straight)).toBeNull()
  })

  it('refuses an empty or overlong question, an unknown plan and a made-up period with a 422 naming the field', async () => {
    const refusal = async (fields: Record<string, string>) => {
      const result = (await submit(fields)) as unknown as { init: { status: number }; data: { fieldErrors: Record<string, string[]> } }
      expect(result.init.status).toBe(422)
      return result.data.fieldErrors
    }
    expect(await refusal({ intent: 'ask', question: '   ' })).toEqual({ question: ['validation.question'] })
    expect(await refusal({ intent: 'ask', question: '询'.repeat(201) })).toEqual({ question: ['validation.questionTooLong'] })
    expect(await refusal({ intent: 'sign-up', planId: 'platinum', period: 'monthly' })).toEqual({ planId: ['validation.planId'] })
    expect(await refusal({ intent: 'sign-up', planId: 'business', period: 'weekly' })).toEqual({ period: ['validation.period'] })
    expect(await refusal({ intent: 'buy' })).toHaveProperty('intent')
  })
})
