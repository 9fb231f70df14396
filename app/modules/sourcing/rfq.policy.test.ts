import { describe, expect, it } from 'vitest'
import { canAwardRfq } from './rfq.policy'

const now = new Date('2026-12-01T12:00:00Z')
const later = new Date('2026-12-02T12:00:00Z')
const earlier = new Date('2026-11-30T12:00:00Z')

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
