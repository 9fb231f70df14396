import { describe, expect, it } from 'vitest'
import { Admission } from './admission.server'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Work that holds its slot until released. */
function held() {
  let release = () => {}
  const done = new Promise<void>((resolve) => {
    release = resolve
  })
  return { work: () => done, release: () => release() }
}

describe('Admission (the bounded line in front of the database)', () => {
  it('serves maxActive at once and lets the waiting in first come, first served', async () => {
    const line = new Admission({ maxActive: 2, maxQueued: 5, maxWaitMs: 1_000 })
    const order: number[] = []
    const slots = [held(), held()]
    const running = slots.map((slot) => line.run(slot.work))
    const waiting = [3, 4].map((n) => line.run(async () => void order.push(n)))
    await sleep(10)
    expect(line.stats()).toMatchObject({ active: 2, queued: 2 })
    for (const slot of slots) slot.release()
    await Promise.all([...running, ...waiting])
    expect(order).toEqual([3, 4])
    expect(line.stats()).toEqual({ active: 0, queued: 0, admitted: 4, shed: 0 })
  })

  it('turns a request away at once with 503 and Retry-After when the line is full, without running it', async () => {
    const line = new Admission({ maxActive: 1, maxQueued: 1, maxWaitMs: 5_000 })
    const slot = held()
    const running = line.run(slot.work)
    const queued = line.run(async () => 'served later')
    let ran = false
    const started = performance.now()
    await expect(line.run(async () => void (ran = true))).rejects.toMatchObject({
      code: 'unavailable',
      status: 503,
      details: { reason: 'busy', retryAfterSeconds: 2 },
    })
    expect(performance.now() - started).toBeLessThan(50)
    expect(ran).toBe(false)
    slot.release()
    await running
    await expect(queued).resolves.toBe('served later')
  })

  it('turns a request away after maxWaitMs in line, and never runs it afterwards', async () => {
    const line = new Admission({ maxActive: 1, maxQueued: 10, maxWaitMs: 100 })
    const slot = held()
    const running = line.run(slot.work)
    let ran = false
    const started = performance.now()
    await expect(line.run(async () => void (ran = true))).rejects.toMatchObject({ code: 'unavailable' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(95)
    expect(line.stats()).toMatchObject({ queued: 0, shed: 1 })
    slot.release()
    await running
    await sleep(10)
    expect(ran).toBe(false)
    expect(line.stats()).toMatchObject({ active: 0 })
  })

  it('drops a waiting request whose client went away', async () => {
    const line = new Admission({ maxActive: 1, maxQueued: 10, maxWaitMs: 5_000 })
    const slot = held()
    const running = line.run(slot.work)
    const controller = new AbortController()
    let ran = false
    const waiting = line.run(async () => void (ran = true), controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ code: 'unavailable' })
    slot.release()
    await running
    expect(ran).toBe(false)
    expect(line.stats()).toMatchObject({ active: 0, queued: 0 })
  })

  it('frees the slot when the work fails', async () => {
    const line = new Admission({ maxActive: 1, maxQueued: 0, maxWaitMs: 100 })
    await expect(line.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(line.run(async () => 'next')).resolves.toBe('next')
  })
})
