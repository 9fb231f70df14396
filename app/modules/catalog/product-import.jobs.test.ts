import { describe, expect, it } from 'vitest'
import { FIRST_BATCH_SIZE, nextBatchSize } from './product-import.jobs.server'

describe('nextBatchSize', () => {
  it('aims each batch at about 50 ms of database time', () => {
    expect(nextBatchSize(FIRST_BATCH_SIZE, 50)).toBe(500)
    expect(nextBatchSize(500, 62.5)).toBe(400)
    expect(nextBatchSize(500, 40)).toBe(625)
  })

  it('moves at most twofold at a time, so one noisy batch cannot swing it far', () => {
    expect(nextBatchSize(500, 1)).toBe(1000)
    expect(nextBatchSize(500, 5000)).toBe(250)
  })

  it('stays between 50 and 5,000 rows', () => {
    expect(nextBatchSize(60, 10_000)).toBe(50)
    expect(nextBatchSize(4000, 10)).toBe(5000)
  })
})
