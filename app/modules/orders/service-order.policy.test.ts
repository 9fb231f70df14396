import { describe, expect, it } from 'vitest'
import type { Actor } from '../../platform/actor'
import type { FreightQuoteStatus, ServiceOrderStatus } from './orders.constants'
import {
  canAcceptQuote,
  canQuote,
  canWithdrawQuote,
  checkServiceOrderStep,
  freightQuoteCheck,
  isOpenRequest,
  partyOf,
  serviceOrderActions,
} from './service-order.policy'

const actorOf = (companyId: string): Actor => ({
  userId: `user-of-${companyId}`,
  sessionId: 'session',
  companyId,
  memberRole: 'member',
  platformRole: 'user',
  companyKind: 'service_provider',
  contactVerified: true,
  aal: 'aal1',
})
const buyer = actorOf('buyer-co')
const provider = actorOf('provider-co')
const shipper = actorOf('shipper-co')

const serviceOrder = (status: ServiceOrderStatus) => ({ kind: 'service' as const, status, buyerCompanyId: 'buyer-co', providerCompanyId: 'provider-co' })
const freightRequest = { kind: 'logistic' as const, status: 'quoting' as const, buyerCompanyId: 'buyer-co', providerCompanyId: null }
const quoteOf = (id: string, providerCompanyId: string, status: FreightQuoteStatus = 'pending') => ({ id, providerCompanyId, status })

describe('service order policy', () => {
  it('knows the buyer and the provider (the machine’s supplier), and no one else', () => {
    expect(partyOf(serviceOrder('requested'), 'buyer-co')).toBe('buyer')
    expect(partyOf(serviceOrder('requested'), 'provider-co')).toBe('supplier')
    expect(partyOf(serviceOrder('requested'), 'shipper-co')).toBeNull()
  })

  it('follows the machine: the provider accepts, only the buyer disputes, a stranger does nothing', () => {
    expect(checkServiceOrderStep(provider, serviceOrder('requested'), 'accept')).toEqual({ ok: true, to: 'accepted' })
    expect(checkServiceOrderStep(buyer, serviceOrder('requested'), 'accept')).toEqual({ ok: false, problem: 'not_your_turn' })
    expect(checkServiceOrderStep(provider, serviceOrder('completed'), 'dispute')).toEqual({ ok: false, problem: 'not_your_turn' })
    expect(checkServiceOrderStep(buyer, serviceOrder('completed'), 'dispute')).toEqual({ ok: true, to: 'disputed' })
    expect(checkServiceOrderStep(shipper, serviceOrder('requested'), 'cancel')).toEqual({ ok: false, problem: 'not_your_turn' })
  })

  it('opens a freight request to logistics providers other than its buyer until a price is accepted', () => {
    expect(isOpenRequest(freightRequest)).toBe(true)
    expect(isOpenRequest({ ...freightRequest, status: 'accepted', providerCompanyId: 'shipper-co' })).toBe(false)
    expect(freightQuoteCheck(shipper, freightRequest, true)).toEqual({ ok: true })
    expect(freightQuoteCheck(shipper, freightRequest, false)).toEqual({ ok: false, problem: 'not_open' })
    expect(freightQuoteCheck(buyer, freightRequest, true)).toEqual({ ok: false, problem: 'own_request' })
    expect(canQuote(shipper, freightRequest, { offersLogistics: true, hasPendingQuote: true })).toBe(false)
  })

  it('lets the buyer accept a pending quote of an open request, and a provider withdraw its own pending quote', () => {
    expect(canAcceptQuote(buyer, freightRequest, quoteOf('q1', 'shipper-co'))).toBe(true)
    expect(canAcceptQuote(buyer, freightRequest, quoteOf('q1', 'shipper-co', 'withdrawn'))).toBe(false)
    expect(canAcceptQuote(shipper, freightRequest, quoteOf('q1', 'shipper-co'))).toBe(false)
    expect(canWithdrawQuote(shipper, quoteOf('q1', 'shipper-co'))).toBe(true)
    expect(canWithdrawQuote(shipper, quoteOf('q1', 'shipper-co', 'reject'))).toBe(false)
    expect(canWithdrawQuote(provider, quoteOf('q1', 'shipper-co'))).toBe(false)
  })

  it('offers each viewer what it may do now; accepting a quote is offered per quote, not as a step', () => {
    const quotes = [quoteOf('q1', 'shipper-co', 'withdrawn'), quoteOf('q2', 'shipper-co'), quoteOf('q3', 'provider-co')]
    expect(serviceOrderActions(buyer, freightRequest, quotes, false)).toEqual({
      steps: ['cancel'],
      quote: false,
      acceptableQuoteIds: ['q2', 'q3'],
      withdrawableQuoteIds: [],
    })
    expect(serviceOrderActions(shipper, freightRequest, quotes.slice(0, 2), true)).toEqual({
      steps: [],
      quote: false,
      acceptableQuoteIds: [],
      withdrawableQuoteIds: ['q2'],
    })
    expect(serviceOrderActions(shipper, freightRequest, [], true).quote).toBe(true)
    expect(serviceOrderActions(provider, serviceOrder('requested'), [], false).steps).toEqual(['accept', 'decline', 'cancel'])
  })
})
