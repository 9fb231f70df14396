import { describe, expect, it } from 'vitest'
import { awardFieldNames, readAwardForm } from './award.inputs'

const { include: include1, offer: offer1 } = awardFieldNames('l1')
const { include: include2, offer: offer2 } = awardFieldNames('l2')
const { offer: offer3 } = awardFieldNames('l3')

describe('readAwardForm', () => {
  it('selects only the ticked lines, each with its chosen offer, though every line has an offer preselected', () => {
    expect(readAwardForm({ intent: 'award', notes: '', [include1]: 'on', [offer1]: 'qa', [include2]: 'on', [offer2]: 'qb', [offer3]: 'qa' })).toEqual([
      { rfqLineId: 'l1', quotationId: 'qa' },
      { rfqLineId: 'l2', quotationId: 'qb' },
    ])
  })

  it('selects nothing when no line is ticked', () => {
    expect(readAwardForm({ intent: 'award', [offer1]: 'qa', [offer2]: 'qb' })).toEqual([])
  })

  it('keeps a ticked line without an offer, so the plan can ask for one', () => {
    expect(readAwardForm({ [include1]: 'on' })).toEqual([{ rfqLineId: 'l1', quotationId: '' }])
  })
})
