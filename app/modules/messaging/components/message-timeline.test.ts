import { describe, expect, it } from 'vitest'
import type { Message } from '../messaging.types'
import { anchoredScrollTop, decideOnArrival, firstSeqOf, groupByDay, isAtBottom, lastSeqOf, mergeMessages } from './message-timeline'

function message(seq: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `m${seq}`,
    seq,
    conversationId: 'c1',
    author: { id: 'u1', name: 'Ana', companyId: 'co1', companyName: 'Acme' },
    body: `message ${seq}`,
    mentions: [],
    attachments: [],
    reactions: [],
    clientId: null,
    editedAt: null,
    deletedAt: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
    ...overrides,
  }
}

describe('mergeMessages', () => {
  it('keeps one entry per id in seq order when pages and live messages overlap', () => {
    const merged = mergeMessages([message(3), message(4)], [message(1), message(2), message(3), message(5)])
    expect(merged.map((one) => one.seq)).toEqual([1, 2, 3, 4, 5])
  })

  it('replaces a message with its edited copy but never with an older copy', () => {
    const edited = message(2, { body: 'fixed', editedAt: '2026-01-02T00:00:00.000Z' })
    const afterEdit = mergeMessages([message(1), message(2)], [edited])
    expect(afterEdit.find((one) => one.id === 'm2')?.body).toBe('fixed')
    const replayedOriginal = mergeMessages(afterEdit, [message(2)])
    expect(replayedOriginal.find((one) => one.id === 'm2')?.body).toBe('fixed')
  })

  it('keeps a deletion when an older copy of the message arrives late', () => {
    const deleted = message(2, { body: '', deletedAt: '2026-01-02T00:00:00.000Z' })
    const merged = mergeMessages([deleted], [message(2)])
    expect(merged[0]?.deletedAt).not.toBeNull()
  })

  it('swaps the optimistic copy for the stored message with the same clientId, without doubling it', () => {
    const pending = message(0, { id: 'pending:abc', clientId: 'abc', createdAt: '2026-01-03T00:00:00.000Z' })
    const withPending = mergeMessages([message(1)], [pending])
    expect(withPending.map((one) => one.id)).toEqual(['m1', 'pending:abc'])
    const stored = message(2, { clientId: 'abc' })
    const merged = mergeMessages(withPending, [stored])
    expect(merged.map((one) => one.id)).toEqual(['m1', 'm2'])
    expect(mergeMessages(merged, [stored]).map((one) => one.id)).toEqual(['m1', 'm2'])
  })

  it('keeps messages still being sent after the stored ones', () => {
    const pending = message(0, { id: 'pending:x', clientId: 'x' })
    expect(mergeMessages([pending], [message(7)]).map((one) => one.id)).toEqual(['m7', 'pending:x'])
  })
})

describe('sequence bounds', () => {
  it('finds where a rejoin resumes and where the next older page ends', () => {
    const timeline = [message(0, { id: 'pending:y', clientId: 'y' }), message(4), message(9)]
    expect(lastSeqOf(timeline)).toBe(9)
    expect(firstSeqOf(timeline)).toBe(4)
    expect(lastSeqOf([])).toBe(0)
    expect(firstSeqOf([message(0, { id: 'pending:z' })])).toBeNull()
  })
})

describe('groupByDay', () => {
  it('starts a new group when the viewer’s calendar day changes', () => {
    const late = message(1, { createdAt: '2026-01-01T15:30:00.000Z' })
    const later = message(2, { createdAt: '2026-01-01T16:30:00.000Z' })
    const shanghaiDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(iso))
    const utcDay = (iso: string) => iso.slice(0, 10)
    expect(groupByDay([late, later], utcDay).map((group) => group.messages.length)).toEqual([2])
    expect(groupByDay([late, later], shanghaiDay)).toEqual([
      { day: '2026-01-01', messages: [late] },
      { day: '2026-01-02', messages: [later] },
    ])
  })

  it('returns no groups for an empty timeline', () => {
    expect(groupByDay([], (iso) => iso)).toEqual([])
  })
})

describe('scroll decisions', () => {
  it('counts a reader within the threshold of the end as at the bottom', () => {
    expect(isAtBottom({ scrollTop: 560, scrollHeight: 1000, clientHeight: 400 })).toBe(true)
    expect(isAtBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 400 })).toBe(false)
  })

  it('keeps a reader at the bottom pinned, and one reading history in place with a count of new messages', () => {
    expect(decideOnArrival({ wasAtBottom: true, ownMessage: false, arrived: 2, unseen: 0 })).toEqual({ scrollToBottom: true, unseen: 0 })
    expect(decideOnArrival({ wasAtBottom: false, ownMessage: false, arrived: 2, unseen: 3 })).toEqual({ scrollToBottom: false, unseen: 5 })
    expect(decideOnArrival({ wasAtBottom: false, ownMessage: true, arrived: 0, unseen: 3 })).toEqual({ scrollToBottom: true, unseen: 0 })
  })

  it('moves the scroll offset by what older messages added above', () => {
    expect(anchoredScrollTop({ scrollTop: 10, scrollHeight: 800 }, 1400)).toBe(610)
    expect(anchoredScrollTop({ scrollTop: 0, scrollHeight: 800 }, 800)).toBe(0)
  })
})
