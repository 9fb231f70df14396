import { describe, expect, it } from 'vitest'
import { SharedCache } from './shared-cache.server'

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

describe('SharedCache', () => {
  it('gives requests that miss together one load, then serves the value from memory', async () => {
    const cache = new SharedCache<number>('test-cache', 60_000)
    const gate = deferred<number>()
    let loads = 0
    const load = () => {
      loads += 1
      return gate.promise
    }
    const reads = [cache.read('k', load), cache.read('k', load), cache.read('k', load)]
    gate.resolve(42)
    expect(await Promise.all(reads)).toEqual([42, 42, 42])
    expect(await cache.read('k', load)).toBe(42)
    expect(loads).toBe(1)
  })

  it('does not keep what a load read before a change, and the next miss loads afresh', async () => {
    const cache = new SharedCache<string>('test-cache', 60_000)
    const gate = deferred<string>()
    const stale = cache.read('k', () => gate.promise)
    cache.changed(['k'])
    const fresh = cache.read('k', () => Promise.resolve('new'))
    gate.resolve('old')
    expect(await stale).toBe('old')
    expect(await fresh).toBe('new')
    expect(await cache.read('k', () => Promise.resolve('again'))).toBe('new')
  })

  it('lets a failed load fail every waiting request and tries again on the next read', async () => {
    const cache = new SharedCache<string>('test-cache', 60_000)
    const failing = () => Promise.reject(new Error('database down'))
    await expect(Promise.all([cache.read('k', failing), cache.read('k', failing)])).rejects.toThrow('database down')
    expect(await cache.read('k', () => Promise.resolve('back'))).toBe('back')
  })

  it('reads several keys with one load of those not in memory, and stores only what the load found', async () => {
    const cache = new SharedCache<string>('test-cache', 60_000)
    const asked: string[][] = []
    const load = async (missing: string[]) => {
      asked.push(missing)
      return new Map(missing.filter((key) => key !== 'unknown').map((key) => [key, key.toUpperCase()]))
    }
    expect(await cache.readMany(['a', 'b', 'a'], load)).toEqual(
      new Map([
        ['a', 'A'],
        ['b', 'B'],
      ]),
    )
    expect(await cache.readMany(['b', 'c', 'unknown'], load)).toEqual(
      new Map([
        ['b', 'B'],
        ['c', 'C'],
      ]),
    )
    expect(await cache.readMany(['a', 'b', 'c'], load)).toEqual(
      new Map([
        ['a', 'A'],
        ['b', 'B'],
        ['c', 'C'],
      ]),
    )
    expect(asked).toEqual([
      ['a', 'b'],
      ['c', 'unknown'],
    ])
  })

  it('does not keep what a many-key load read before a change', async () => {
    const cache = new SharedCache<string>('test-cache', 60_000)
    const gate = deferred<Map<string, string>>()
    const stale = cache.readMany(['k'], () => gate.promise)
    cache.changed(['k'])
    gate.resolve(new Map([['k', 'old']]))
    expect(await stale).toEqual(new Map([['k', 'old']]))
    expect(await cache.readMany(['k'], async () => new Map([['k', 'new']]))).toEqual(new Map([['k', 'new']]))
  })
})
