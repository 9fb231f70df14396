import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { contextOf } from '../../../db/factories/context'
import { createSourcingCast, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { findRfqs } from './rfq-lookup.service.server'
import { rfqs } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>
let open: { id: string; number: string }
let draft: { id: string }
let published: { id: string }
let strangers: { id: string }

const numberOf = async (id: string) => (await database().select({ number: rfqs.number }).from(rfqs).where(eq(rfqs.id, id)))[0]!.number

beforeAll(async () => {
  cast = await createSourcingCast()
  const [invited, other] = cast.suppliers
  const created = await insertRfq(cast.buyer.company.id, { title: 'Celadon tea cups', supplierIds: [invited!.company.id] })
  open = { id: created.id, number: await numberOf(created.id) }
  draft = await insertRfq(cast.buyer.company.id, { title: 'Celadon saucers (draft)', status: 'draft', supplierIds: [invited!.company.id] })
  published = await insertRfq(cast.buyer.company.id, { title: 'Celadon teapots', visibility: 'public' })
  strangers = await insertRfq(cast.stranger.company.id, { title: 'Celadon vases', supplierIds: [invited!.company.id, other!.company.id] })
})

const lookup = (ctx: typeof cast.buyer.ctx, q: string, limit = 5) => findRfqs(ctx, { q, limit })

describe('finding RFQs by number or title', () => {
  it('finds the buyer’s own RFQs by title in any case, drafts included, public ones on their board page', async () => {
    const found = await lookup(cast.buyer.ctx, 'CELADON')
    expect(found.map((rfq) => rfq.id).sort()).toEqual([open.id, draft.id, published.id].sort())
    expect(found.find((rfq) => rfq.id === open.id)).toEqual({
      id: open.id,
      number: open.number,
      title: 'Celadon tea cups',
      status: 'open',
      side: 'buyer',
      buyerName: null,
      href: `/app/sourcing/rfq/${open.id}`,
    })
    expect(found.find((rfq) => rfq.id === published.id)?.href).toBe(`/app/orders/publish/${published.id}`)
  })

  it('finds an RFQ by any part of its number', async () => {
    expect((await lookup(cast.buyer.ctx, open.number.slice(-6).toLowerCase())).map((rfq) => rfq.id)).toEqual([open.id])
  })

  it('finds for an invited supplier the RFQs it was sent, on its own page, with the buyer’s name, never a draft', async () => {
    const invited = cast.suppliers[0]!
    const found = await lookup(invited.ctx, 'celadon')
    expect(found.map((rfq) => rfq.id).sort()).toEqual([open.id, strangers.id].sort())
    expect(found.find((rfq) => rfq.id === open.id)).toMatchObject({
      side: 'supplier',
      buyerName: cast.buyer.company.name,
      href: `/app/supplier/portal/rfq/${open.id}`,
    })
  })

  it('never finds another company’s RFQ it was not invited to', async () => {
    expect((await lookup(cast.suppliers[1]!.ctx, 'celadon')).map((rfq) => rfq.id)).toEqual([strangers.id])
    expect(await lookup(cast.suppliers[2]!.ctx, 'celadon')).toEqual([])
    expect((await lookup(cast.stranger.ctx, 'celadon')).map((rfq) => rfq.id)).toEqual([strangers.id])
  })

  it('finds nothing without a company or for blank text, and at most `limit`', async () => {
    const ctx = contextOf(cast.buyer.user.id, cast.buyer.company.id)
    expect(await lookup({ ...ctx, actor: { ...ctx.actor, companyId: null, memberRole: null } }, 'celadon')).toEqual([])
    expect(await lookup(cast.buyer.ctx, ' ')).toEqual([])
    expect(await lookup(cast.buyer.ctx, 'celadon', 2)).toHaveLength(2)
  })
})
