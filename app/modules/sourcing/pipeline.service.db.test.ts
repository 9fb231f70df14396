import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { sourcingPipeline } from './pipeline.service.server'
import { purchaseProjects, rfqLines } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

/** An RFQ of the project with one line, quoted by the given suppliers. */
async function quotedRfq(
  companyId: string,
  quotes: Array<{ supplierId: string; unitPrice: string; status?: 'submitted' | 'draft' }>,
  options: { projectId: string; sealed?: boolean; deadline?: Date },
) {
  const rfq = await insertRfq(companyId, {
    supplierIds: quotes.map((quote) => quote.supplierId),
    sealed: options.sealed ?? false,
    deadline: options.deadline ?? new Date(Date.now() - 86_400_000),
    projectId: options.projectId,
  })
  await database()
    .update(rfqLines)
    .set({ hsCode: '940511' })
    .where(
      inArray(
        rfqLines.id,
        rfq.lines.map((line) => line.id),
      ),
    )
  for (const quote of quotes)
    await insertQuotation(rfq.id, quote.supplierId, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: quote.unitPrice }], { status: quote.status ?? 'submitted' })
}

describe('sourcing pipeline', () => {
  it('shows the company’s projects by stage with requirement, RFQ and visible quotation counts', async () => {
    const other = await createSourcingCast()
    const project = await insertProject(other.buyer.company.id, { name: 'Board project' })
    await database().update(purchaseProjects).set({ status: 'sourcing' }).where(eq(purchaseProjects.id, project.id))
    const drafted = await insertProject(other.buyer.company.id, { name: 'Draft project', requirements: [] })
    await database().update(purchaseProjects).set({ status: 'draft' }).where(eq(purchaseProjects.id, drafted.id))
    const cancelled = await insertProject(other.buyer.company.id, { name: 'Cancelled project' })
    await database().update(purchaseProjects).set({ status: 'cancelled' }).where(eq(purchaseProjects.id, cancelled.id))
    const [a, b] = other.suppliers
    await quotedRfq(
      other.buyer.company.id,
      [
        { supplierId: a!.company.id, unitPrice: '5' },
        { supplierId: b!.company.id, unitPrice: '6', status: 'draft' },
      ],
      { projectId: project.id },
    )
    await quotedRfq(other.buyer.company.id, [{ supplierId: a!.company.id, unitPrice: '5' }], {
      projectId: project.id,
      sealed: true,
      deadline: new Date(Date.now() + 86_400_000),
    })

    const board = await sourcingPipeline(other.buyer.ctx)
    expect(board.columns.map((column) => [column.stage, column.total])).toEqual([
      ['draft', 1],
      ['active', 0],
      ['sourcing', 1],
      ['awarded', 0],
      ['closed', 0],
    ])
    expect(board.cancelled).toBe(1)
    expect(board.columns.find((column) => column.stage === 'sourcing')!.cards).toEqual([
      expect.objectContaining({ id: project.id, requirementCount: 3, rfqCount: 2, quotationCount: 1 }),
    ])
    // Nobody else's projects.
    expect((await sourcingPipeline(cast.buyer.ctx)).columns.flatMap((column) => column.cards).map((card) => card.id)).not.toContain(project.id)
  })
})
