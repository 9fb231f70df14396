import { describe, expect, it } from 'vitest'
import { orderProgress } from './order-progress'

const lines = (...pairs: Array<[number, number]>) => pairs.map(([quantity, shippedQuantity]) => ({ quantity, shippedQuantity }))

describe('orderProgress', () => {
  it('walks the lifecycle from placed to completed', () => {
    expect(orderProgress({ status: 'placed', side: 'buyer', lines: lines([10, 0]) })).toMatchObject({
      current: 1,
      expectation: 'awaitingConfirmation',
      stopped: false,
    })
    expect(orderProgress({ status: 'placed', side: 'supplier', lines: lines([10, 0]) })).toMatchObject({ current: 1, expectation: 'toConfirm' })
    expect(orderProgress({ status: 'confirmed', side: 'supplier', lines: lines([10, 0]) })).toMatchObject({ current: 2, expectation: 'toProduce' })
    expect(orderProgress({ status: 'in_production', side: 'supplier', lines: lines([10, 0]) })).toMatchObject({ current: 3, expectation: 'toShip' })
    expect(orderProgress({ status: 'shipped', side: 'buyer', lines: lines([10, 10]) })).toMatchObject({ current: 4, expectation: 'inTransit' })
    expect(orderProgress({ status: 'delivered', side: 'buyer', lines: lines([10, 10]) })).toMatchObject({ current: 5, expectation: 'toComplete' })
    expect(orderProgress({ status: 'completed', side: 'supplier', lines: lines([10, 10]) })).toMatchObject({ current: 6, expectation: 'completed' })
  })

  it('tells the buyer of a half-shipped order what has left and what is to come, and the supplier what is left to ship', () => {
    const half = lines([1200, 600], [600, 0])
    expect(orderProgress({ status: 'shipped', side: 'buyer', lines: half })).toEqual({
      current: 3,
      stopped: false,
      expectation: 'partlyShipped',
      shipped: 600,
      ordered: 1800,
    })
    expect(orderProgress({ status: 'shipped', side: 'supplier', lines: half })).toMatchObject({ expectation: 'restToShip' })
  })

  it('marks orders that left the path where they stopped', () => {
    expect(orderProgress({ status: 'declined', side: 'buyer', lines: lines([5, 0]) })).toMatchObject({ current: 1, stopped: true, expectation: 'declined' })
    expect(orderProgress({ status: 'disputed', side: 'supplier', lines: lines([5, 5]) })).toMatchObject({ current: 5, stopped: true, expectation: 'disputed' })
  })
})
