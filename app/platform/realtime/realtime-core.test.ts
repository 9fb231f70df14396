import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Ack } from './events'
import {
  applyTyping,
  effectivePresence,
  expireTyping,
  joinWithReplay,
  mergePresence,
  noticeConcerns,
  type RoomMessage,
  samePresence,
  type TypingEntry,
  typingEvents,
  TypingThrottle,
  withAckTimeout,
} from './realtime-core'

describe('withAckTimeout', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('resolves with the acknowledgement when it arrives in time', async () => {
    const result = withAckTimeout<{ n: number }>((reply) => setTimeout(() => reply({ ok: true, n: 1 }), 9_999))
    await vi.advanceTimersByTimeAsync(9_999)
    await expect(result).resolves.toEqual({ ok: true, n: 1 })
  })

  it('resolves as a timeout after 10 s and ignores a late answer', async () => {
    let reply: ((ack: Ack<{ n: number }>) => void) | undefined
    const result = withAckTimeout<{ n: number }>((callback) => {
      reply = callback
    })
    await vi.advanceTimersByTimeAsync(10_000)
    reply?.({ ok: true, n: 2 })
    await expect(result).resolves.toMatchObject({ ok: false, error: { code: 'timeout' } })
  })

  it('never rejects: a throwing sender and a malformed answer become failures', async () => {
    await expect(
      withAckTimeout(() => {
        throw new Error('closed')
      }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'timeout', message: 'closed' } })
    await expect(withAckTimeout((reply) => reply('nonsense' as never))).resolves.toMatchObject({ ok: false, error: { code: 'internal' } })
  })
})

describe('TypingThrottle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends true at most every 2 s while typing and false after 3 s idle', () => {
    const sent: boolean[] = []
    const throttle = new TypingThrottle((typing) => sent.push(typing))
    throttle.update(true)
    vi.advanceTimersByTime(500)
    throttle.update(true)
    vi.advanceTimersByTime(1000)
    throttle.update(true)
    expect(sent).toEqual([true])
    vi.advanceTimersByTime(600) // 2.1 s after the first signal
    throttle.update(true)
    expect(sent).toEqual([true, true])
    vi.advanceTimersByTime(2999)
    expect(sent).toEqual([true, true])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual([true, true, false])
  })

  it('stops on demand, once, and starts again immediately on the next keystroke', () => {
    const sent: boolean[] = []
    const throttle = new TypingThrottle((typing) => sent.push(typing))
    throttle.update(true)
    throttle.update(false)
    throttle.update(false)
    vi.advanceTimersByTime(5000)
    expect(sent).toEqual([true, false])
    throttle.update(true)
    expect(sent).toEqual([true, false, true])
  })

  it('sends nothing after dispose', () => {
    const sent: boolean[] = []
    const throttle = new TypingThrottle((typing) => sent.push(typing))
    throttle.update(true)
    throttle.dispose()
    vi.advanceTimersByTime(5000)
    expect(sent).toEqual([true])
  })
})

describe('typing list', () => {
  const room = 'conversation:c1'
  const event = (userId: string, typing = true, inRoom = room) => ({ room: inRoom, userId, name: userId.toUpperCase(), typing })

  it('adds and refreshes typers of the room, ignoring myself and other rooms', () => {
    let entries: TypingEntry[] = []
    entries = applyTyping(entries, event('ann'), room, 'me', 1000)
    entries = applyTyping(entries, event('me'), room, 'me', 1000)
    entries = applyTyping(entries, event('bob', true, 'conversation:c2'), room, 'me', 1000)
    entries = applyTyping(entries, event('ann'), room, 'me', 4000)
    expect(entries).toEqual([{ ...event('ann'), receivedAt: 4000 }])
    expect(typingEvents(entries)).toEqual([event('ann')])
  })

  it('removes a typer who stopped, and drops one silent for 6 s', () => {
    let entries: TypingEntry[] = []
    entries = applyTyping(entries, event('ann'), room, null, 0)
    entries = applyTyping(entries, event('bob'), room, null, 3000)
    expect(expireTyping(entries, 5999)).toBe(entries)
    expect(expireTyping(entries, 6000).map((entry) => entry.userId)).toEqual(['bob'])
    expect(applyTyping(entries, event('bob', false), room, null, 3500).map((entry) => entry.userId)).toEqual(['ann'])
  })
})

describe('presence', () => {
  it('shows each person once with their most available status, sorted by name', () => {
    const merged = mergePresence([
      { userId: 'u2', name: 'Zhao', status: 'away' },
      { userId: 'u1', name: 'Ann', status: 'away' },
      { userId: 'u2', name: 'Zhao', status: 'online' },
      { userId: 'u1', name: 'Ann', status: 'busy' },
    ])
    expect(merged).toEqual([
      { userId: 'u1', name: 'Ann', status: 'busy' },
      { userId: 'u2', name: 'Zhao', status: 'online' },
    ])
    expect(samePresence(merged, [...merged])).toBe(true)
    expect(samePresence(merged, [merged[0]!, { ...merged[1]!, status: 'away' }])).toBe(false)
  })

  it('reports away while hidden long enough, the chosen status otherwise', () => {
    expect(effectivePresence('busy', false)).toBe('busy')
    expect(effectivePresence('busy', true)).toBe('away')
  })
})

describe('noticeConcerns', () => {
  it('skips the author and people a targeted notice leaves out', () => {
    expect(noticeConcerns({ exceptUserId: null, userIds: null }, 'me')).toBe(true)
    expect(noticeConcerns({ exceptUserId: 'me', userIds: null }, 'me')).toBe(false)
    expect(noticeConcerns({ exceptUserId: null, userIds: ['you'] }, 'me')).toBe(false)
    expect(noticeConcerns({ exceptUserId: 'you', userIds: ['me', 'you'] }, 'me')).toBe(true)
    expect(noticeConcerns({ exceptUserId: 'me', userIds: null }, null)).toBe(true)
  })
})

describe('joinWithReplay', () => {
  const message = (seq: number): RoomMessage => ({ id: `m${seq}`, seq, conversationId: 'c1' })

  it('asks again after the last received seq while the server has more', async () => {
    const asked: unknown[] = []
    const pages = [
      { missed: [message(6), message(7)], hasMore: true },
      { missed: [message(8)], hasMore: false },
    ]
    const request = async <T extends object>(event: string, payload: unknown) => {
      asked.push({ event, payload })
      return { ok: true, room: 'conversation:c1', presence: [], ...pages.shift()! } as unknown as Ack<T>
    }
    const received: number[] = []
    const ack = await joinWithReplay(request, 'conversation:c1', 5, (messages) => received.push(...messages.map((m) => m.seq)))
    expect(ack.ok).toBe(true)
    expect(received).toEqual([6, 7, 8])
    expect(asked).toEqual([
      { event: 'room:join', payload: { room: 'conversation:c1', after: 5 } },
      { event: 'room:join', payload: { room: 'conversation:c1', after: 7 } },
    ])
  })

  it('returns a failed join as it is, and stops when the server claims more but sends nothing', async () => {
    const failing = async <T extends object>() => ({ ok: false, error: { code: 'not_found', message: 'x' } }) as Ack<T>
    await expect(joinWithReplay(failing, 'conversation:c1', 0, () => {})).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } })
    let calls = 0
    const stuck = async <T extends object>() => {
      calls++
      return { ok: true, room: 'r', presence: [], missed: [], hasMore: true } as unknown as Ack<T>
    }
    await joinWithReplay(stuck, 'conversation:c1', 0, () => {})
    expect(calls).toBe(1)
  })
})
