import { describe, expect, it } from 'vitest'
import type { Actor, MemberRole } from '../../platform/actor'
import {
  allowedRfqActions,
  allowedRfqSteps,
  allowedSupplierRfqActions,
  canAwardRfq,
  canExtendRfq,
  canSaveDefaultAssumptions,
  canSeeQuotations,
  isQuotingOpen,
  isSealed,
} from './rfq.policy'
import type { RfqStatus } from './sourcing.constants'

const now = new Date('2026-12-01T12:00:00Z')
const later = new Date('2026-12-02T12:00:00Z')
const earlier = new Date('2026-11-30T12:00:00Z')

const rfq = (status: RfqStatus, quoteDeadline: Date, sealed = false) => ({ status, quoteDeadline, sealed })

describe('canAwardRfq', () => {
  it('refuses while quoting is open, before anyone clicks', () => {
    expect(canAwardRfq({ status: 'open', quoteDeadline: later }, now)).toEqual({ ok: false, reason: 'quoting_open' })
  })

  it('allows an open RFQ past its deadline, a closed one and a partly awarded one', () => {
    expect(canAwardRfq({ status: 'open', quoteDeadline: earlier }, now)).toEqual({ ok: true })
    expect(canAwardRfq({ status: 'closed', quoteDeadline: later }, now)).toEqual({ ok: true })
    expect(canAwardRfq({ status: 'awarded', quoteDeadline: earlier }, now)).toEqual({ ok: true })
  })

  it('refuses drafts and cancelled RFQs by their state machine', () => {
    expect(canAwardRfq({ status: 'draft', quoteDeadline: later }, now)).toEqual({ ok: false, reason: 'invalid_transition' })
    expect(canAwardRfq({ status: 'cancelled', quoteDeadline: earlier }, now)).toEqual({ ok: false, reason: 'invalid_transition' })
  })

  it('reads a deadline sent as text (loader data)', () => {
    expect(canAwardRfq({ status: 'open', quoteDeadline: later.toISOString() }, now)).toEqual({ ok: false, reason: 'quoting_open' })
  })
})

describe('quoting and the seal', () => {
  it('keeps quoting open only while the RFQ is open and before its deadline', () => {
    expect(isQuotingOpen(rfq('open', later), now)).toBe(true)
    expect(isQuotingOpen(rfq('open', earlier), now)).toBe(false)
    expect(isQuotingOpen(rfq('open', now), now)).toBe(false)
    expect(isQuotingOpen(rfq('closed', later), now)).toBe(false)
  })

  it('hides a sealed RFQ’s quotations from the buyer until the deadline, even when closed early', () => {
    expect(isSealed(rfq('closed', later, true), now)).toBe(true)
    expect(canSeeQuotations(rfq('closed', later, true), now)).toBe(false)
    expect(canSeeQuotations(rfq('closed', earlier, true), now)).toBe(true)
    expect(canSeeQuotations(rfq('open', later, false), now)).toBe(true)
  })
})

describe('canExtendRfq', () => {
  it('extends an open RFQ and reopens a closed one', () => {
    expect(canExtendRfq(rfq('open', later), now)).toBe(true)
    expect(canExtendRfq(rfq('closed', earlier), now)).toBe(true)
  })

  it('refuses to reopen a sealed RFQ whose quotations the buyer has seen', () => {
    expect(canExtendRfq(rfq('closed', earlier, true), now)).toBe(false)
    expect(canExtendRfq(rfq('closed', later, true), now)).toBe(true)
  })

  it('refuses drafts, awarded and cancelled RFQs', () => {
    for (const status of ['draft', 'awarded', 'cancelled'] as const) expect(canExtendRfq(rfq(status, later), now)).toBe(false)
  })
})

describe('allowedRfqActions', () => {
  it('offers a draft editing, sending and cancelling; no answers before it is sent', () => {
    expect(allowedRfqActions(rfq('draft', later), now)).toEqual({ edit: true, publish: true, close: false, extend: false, cancel: true, answer: false })
  })

  it('offers an open RFQ closing, extending, cancelling and answers; no more edits', () => {
    expect(allowedRfqActions(rfq('open', later), now)).toEqual({ edit: false, publish: false, close: true, extend: true, cancel: true, answer: true })
  })

  it('offers nothing on a cancelled RFQ, and no steps once awarded', () => {
    expect(allowedRfqSteps(allowedRfqActions(rfq('cancelled', earlier), now))).toEqual([])
    expect(allowedRfqActions(rfq('awarded', earlier), now)).toEqual({ edit: false, publish: false, close: false, extend: false, cancel: false, answer: false })
  })

  it('lists the allowed lifecycle steps in the API’s order', () => {
    expect(allowedRfqSteps(allowedRfqActions(rfq('open', later), now))).toEqual(['close', 'extend', 'cancel'])
    expect(allowedRfqSteps(allowedRfqActions(rfq('closed', earlier, true), now))).toEqual(['cancel'])
  })
})

describe('allowedSupplierRfqActions', () => {
  it('lets an invitee ask and decline while quoting is open', () => {
    expect(allowedSupplierRfqActions(rfq('open', later), { status: 'invited' }, now)).toEqual({ ask: true, decline: true })
    expect(allowedSupplierRfqActions(rfq('open', later), { status: 'viewed' }, now)).toEqual({ ask: true, decline: true })
  })

  it('lets a supplier that quoted still ask, but no longer decline', () => {
    expect(allowedSupplierRfqActions(rfq('open', later), { status: 'quoted' }, now)).toEqual({ ask: true, decline: false })
  })

  it('takes nothing more from a supplier that declined, nor from anyone after the deadline', () => {
    expect(allowedSupplierRfqActions(rfq('open', later), { status: 'declined' }, now)).toEqual({ ask: false, decline: false })
    expect(allowedSupplierRfqActions(rfq('open', earlier), { status: 'viewed' }, now)).toEqual({ ask: false, decline: false })
  })
})

describe('canSaveDefaultAssumptions', () => {
  const actor = (memberRole: MemberRole | null): Actor => ({
    userId: 'u',
    sessionId: 's',
    companyId: memberRole ? 'c' : null,
    memberRole,
    platformRole: 'user',
    companyKind: memberRole ? 'buyer' : null,
    contactVerified: true,
    aal: 'aal1',
  })

  it('lets admins and owners change the company’s default assumptions, not members', () => {
    expect(canSaveDefaultAssumptions(actor('admin'))).toBe(true)
    expect(canSaveDefaultAssumptions(actor('owner'))).toBe(true)
    expect(canSaveDefaultAssumptions(actor('member'))).toBe(false)
    expect(canSaveDefaultAssumptions(actor(null))).toBe(false)
  })
})
