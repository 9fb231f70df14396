// What billing counts of sourcing (issue 24, ADR 051): the RFQs a company sent this month. Drafts do not count, nor
// RFQs sent in an earlier month, nor another company's.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { planUsage } from '../billing/index.server'
import { CreateRfqInput, RfqTransitionInput } from './rfq.inputs'
import { createRfq, getRfq, transitionRfq } from './index.server'
import { rfqs } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

beforeAll(async () => {
  cast = await createSourcingCast()
})

const draft = () =>
  createRfq(
    cast.buyer.ctx,
    CreateRfqInput.parse({
      title: 'Porcelain mugs for the spring range',
      description: '',
      quoteDeadline: inDays(7),
      currency: 'USD',
      incoterm: 'FOB',
      incotermPlace: 'Shenzhen',
      sealed: false,
      visibility: 'invited',
      supplierIds: cast.suppliers.map((supplier) => supplier.company.id),
      requirementIds: [],
      lines: [{ title: 'Mug 350 ml', quantity: 500, unit: 'pcs', targetUnitPrice: '1.2' }],
      attachmentFileIds: [],
    }),
  )

const publish = async (id: string) => {
  const current = await getRfq(cast.buyer.ctx, id)
  return transitionRfq(cast.buyer.ctx, id, RfqTransitionInput.parse({ action: 'publish', version: current.version }))
}

describe("the plan's count of RFQs a month", () => {
  it('counts the RFQs sent since the first of the month, not drafts, earlier months or other companies', async () => {
    expect(await planUsage(cast.buyer.ctx)).toMatchObject({ rfqs_per_month: 0 })
    const [first, second, third] = await Promise.all([draft(), draft(), draft()])
    await publish(first!.id)
    await publish(second!.id)
    expect(await planUsage(cast.buyer.ctx)).toMatchObject({ rfqs_per_month: 2 })
    const lastMonth = new Date()
    lastMonth.setUTCDate(0)
    await database().update(rfqs).set({ publishedAt: lastMonth }).where(eq(rfqs.id, second!.id))
    expect(await planUsage(cast.buyer.ctx)).toMatchObject({ rfqs_per_month: 1 })
    expect(third!.status).toBe('draft')
    expect(await planUsage(cast.suppliers[0]!.ctx)).toMatchObject({ rfqs_per_month: 0 })
  })
})
