// What billing counts of sourcing (issue 24, ADR 051): the RFQs a company sent this month. Drafts do not count, nor
// RFQs sent in an earlier month, nor another company's.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { planUsage } from '../billing/index.server'
import { RfqTransitionInput } from './rfq.inputs'
import { getRfq, transitionRfq } from './index.server'
import { rfqs } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

/** A draft RFQ inviting the cast's suppliers (written directly; sending it goes through the service). */
const draft = async () => (await insertRfq(cast.buyer.company.id, { status: 'draft', supplierIds: cast.suppliers.map((supplier) => supplier.company.id) })).id

const publish = async (id: string) => {
  const current = await getRfq(cast.buyer.ctx, id)
  return transitionRfq(cast.buyer.ctx, id, RfqTransitionInput.parse({ action: 'publish', version: current.version }))
}

describe("the plan's count of RFQs a month", () => {
  it('counts the RFQs sent since the first of the month, not drafts, earlier months or other companies', async () => {
    expect(await planUsage(cast.buyer.ctx)).toMatchObject({ rfqs_per_month: 0 })
    const [first, second, third] = await Promise.all([draft(), draft(), draft()])
    await publish(first!)
    await publish(second!)
    expect(await planUsage(cast.buyer.ctx)).toMatchObject({ rfqs_per_month: 2 })
    const lastMonth = new Date()
    lastMonth.setUTCDate(0)
    await database().update(rfqs).set({ publishedAt: lastMonth }).where(eq(rfqs.id, second!))
    expect(await planUsage(cast.buyer.ctx)).toMatchObject({ rfqs_per_month: 1 })
    expect((await getRfq(cast.buyer.ctx, third!)).status).toBe('draft')
    expect(await planUsage(cast.suppliers[0]!.ctx)).toMatchObject({ rfqs_per_month: 0 })
  })
})
