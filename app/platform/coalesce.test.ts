import { describe, expect, it } from 'vitest'
import { coalesce } from './coalesce'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('coalesce', () => {
  it('runs a lone item at once and answers its own result', async () => {
    const calls: number[][] = []
    const double = coalesce(async (items: number[]) => {
      calls.push(items)
      return items.map((item) => item * 2)
    })
    expect(await double(21)).toBe(42)
    expect(calls).toEqual([[21]])
  })

  it('gives the items that queued behind a call in flight one call together, each its own result', async () => {
    const gate = deferred()
    const calls: number[][] = []
    const double = coalesce(async (items: number[]) => {
      calls.push(items)
      if (calls.length === 1) await gate.promise
      return items.map((item) => item * 2)
    })
    const first = double(1)
    const queued = [double(2), double(3), double(4)]
    gate.resolve()
    expect(await first).toBe(2)
    expect(await Promise.all(queued)).toEqual([4, 6, 8])
    expect(calls).toEqual([[1], [2, 3, 4]])
  })

  it('takes at most maxItems per call', async () => {
    const gate = deferred()
    const calls: number[][] = []
    const same = coalesce(async (items: number[]) => {
      calls.push(items)
      if (calls.length === 1) await gate.promise
      return items
    }, 2)
    const all = [same(1), same(2), same(3), same(4)]
    gate.resolve()
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4])
    expect(calls).toEqual([[1], [2, 3], [4]])
  })

  it('fails every caller of a failed call and goes on with the next', async () => {
    const gate = deferred()
    let calls = 0
    const flaky = coalesce(async (items: string[]) => {
      calls += 1
      if (calls === 1) await gate.promise
      if (calls === 2) throw new Error('database down')
      return items
    })
    const first = flaky('a')
    const failing = [flaky('b'), flaky('c')].map((promise) => promise.catch((error: Error) => error.message))
    gate.resolve()
    expect(await first).toBe('a')
    expect(await Promise.all(failing)).toEqual(['database down', 'database down'])
    expect(await flaky('d')).toBe('d')
  })
})
