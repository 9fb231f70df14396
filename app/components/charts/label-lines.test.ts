import { describe, expect, it } from 'vitest'
import { labelLines } from './label-lines'

describe('a chart category name in lines', () => {
  it('keeps a short name on one line', () => {
    expect(labelLines('Tumbler glass', 20)).toEqual(['Tumbler glass'])
  })

  it('breaks Latin text between words', () => {
    expect(labelLines('Stoneware side plate, 20 cm', 20)).toEqual(['Stoneware side', 'plate, 20 cm'])
  })

  it('ends the last line with an ellipsis when the name needs more lines', () => {
    expect(labelLines('Table linen for the private rooms of the group', 20)).toEqual(['Table linen for the', 'private rooms of th…'])
  })

  it('counts East Asian characters double and breaks between any two of them', () => {
    expect(labelLines('青瓷茶杯一百五十毫升', 10)).toEqual(['青瓷茶杯一', '百五十毫升'])
    expect(labelLines('青花瓷茶壶六百毫升配不锈钢滤网', 10)).toEqual(['青花瓷茶壶', '六百毫升…'])
  })

  it('cuts a single word wider than a line', () => {
    expect(labelLines('Polytetrafluoroethylene', 10)).toEqual(['Polytetraf', 'luoroethy…'])
  })
})
