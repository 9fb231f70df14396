import { describe, expect, it } from 'vitest'
import {
  allowedQuotationActions,
  allowedQuotationSteps,
  canDecideQuotation,
  canEditQuotation,
  canSubmitQuotation,
  canWithdrawQuotation,
  quotationSideOf,
} from './quotation.policy'
import type { QuotationStatus, RfqStatus } from './sourcing.constants'

const now = new Date('2026-12-01T12:00:00Z')
const later = new Date('2026-12-02T12:00:00Z')
const earlier = new Date('2026-11-30T12:00:00Z')

const rfq = (quoteDeadline: Date, { status = 'open', sealed = false }: { status?: RfqStatus; sealed?: boolean } = {}) => ({ status, quoteDeadline, sealed })
const quotation = (status: QuotationStatus) => ({ status, supplierCompanyId: 'supplier' })

describe('quotationSideOf', () => {
  it('gives the supplier its own quotation in any status', () => {
    expect(quotationSideOf('supplier', quotation('draft'), { organizationId: 'buyer' })).toBe('supplier')
    expect(quotationSideOf('supplier', quotation('withdrawn'), { organizationId: 'buyer' })).toBe('supplier')
  })

  it('gives the buyer a sent quotation, never the supplier’s draft', () => {
    expect(quotationSideOf('buyer', quotation('submitted'), { organizationId: 'buyer' })).toBe('buyer')
    expect(quotationSideOf('buyer', quotation('draft'), { organizationId: 'buyer' })).toBeNull()
  })

  it('gives another company nothing, another supplier included', () => {
    expect(quotationSideOf('rival', quotation('submitted'), { organizationId: 'buyer' })).toBeNull()
  })
})

describe('the supplier’s steps', () => {
  it('edits and submits a draft only while quoting is open', () => {
    expect(canEditQuotation(quotation('draft'), rfq(later), 'supplier', now)).toBe(true)
    expect(canSubmitQuotation(quotation('draft'), rfq(later), 'supplier', now)).toBe(true)
    expect(canEditQuotation(quotation('draft'), rfq(earlier), 'supplier', now)).toBe(false)
    expect(canSubmitQuotation(quotation('draft'), rfq(earlier), 'supplier', now)).toBe(false)
    expect(canSubmitQuotation(quotation('draft'), rfq(later, { status: 'closed' }), 'supplier', now)).toBe(false)
  })

  it('never edits a sent quotation in place, nor for the buyer', () => {
    expect(canEditQuotation(quotation('submitted'), rfq(later), 'supplier', now)).toBe(false)
    expect(canEditQuotation(quotation('draft'), rfq(later), 'buyer', now)).toBe(false)
  })

  it('withdraws a draft or a pending quotation, even after the deadline, but not a decided one', () => {
    expect(canWithdrawQuotation(quotation('draft'), 'supplier')).toBe(true)
    expect(canWithdrawQuotation(quotation('submitted'), 'supplier')).toBe(true)
    expect(canWithdrawQuotation(quotation('accepted'), 'supplier')).toBe(false)
    expect(canWithdrawQuotation(quotation('submitted'), 'buyer')).toBe(false)
  })
})

describe('the buyer’s decision', () => {
  it('accepts or rejects a pending quotation it may see', () => {
    expect(canDecideQuotation(quotation('submitted'), 'accept', rfq(earlier, { sealed: true }), 'buyer', now)).toBe(true)
    expect(canDecideQuotation(quotation('submitted'), 'reject', rfq(later), 'buyer', now)).toBe(true)
  })

  it('refuses a sealed RFQ’s quotation before its deadline, a decided one, and the supplier', () => {
    expect(canDecideQuotation(quotation('submitted'), 'accept', rfq(later, { sealed: true }), 'buyer', now)).toBe(false)
    expect(canDecideQuotation(quotation('rejected'), 'accept', rfq(earlier), 'buyer', now)).toBe(false)
    expect(canDecideQuotation(quotation('submitted'), 'accept', rfq(earlier), 'supplier', now)).toBe(false)
  })
})

describe('allowedQuotationActions', () => {
  it('offers the supplier’s draft saving, submitting and withdrawing while quoting is open', () => {
    expect(allowedQuotationActions(quotation('draft'), rfq(later), 'supplier', now)).toEqual({
      edit: true,
      submit: true,
      revise: false,
      withdraw: true,
      accept: false,
      reject: false,
    })
  })

  it('leaves a pending quotation only its withdrawal after the deadline', () => {
    expect(allowedQuotationSteps(allowedQuotationActions(quotation('submitted'), rfq(later), 'supplier', now))).toEqual(['revise', 'withdraw'])
    expect(allowedQuotationSteps(allowedQuotationActions(quotation('submitted'), rfq(earlier), 'supplier', now))).toEqual(['withdraw'])
  })

  it('offers the buyer the decision on a pending quotation, nothing on a decided one', () => {
    expect(allowedQuotationSteps(allowedQuotationActions(quotation('submitted'), rfq(earlier), 'buyer', now))).toEqual(['accept', 'reject'])
    expect(allowedQuotationSteps(allowedQuotationActions(quotation('accepted'), rfq(earlier), 'buyer', now))).toEqual([])
  })
})
