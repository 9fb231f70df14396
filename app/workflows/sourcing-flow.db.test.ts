import { describe, expect, it } from 'vitest'
import { createSourcingCast } from '../../tests/factories/sourcing'
import { getPurchaseOrder } from '../modules/orders/index.server'
import { CreateProjectInput, CreateRequirementInput, CreateRfqInput, RfqTransitionInput, SaveQuotationInput } from '../modules/sourcing/index'
import {
  comparisonFor,
  createProject,
  createRequirement,
  createRfq,
  listQuotationsForRfq,
  projectSummary,
  saveQuotation,
  submitQuotation,
  transitionRfq,
} from '../modules/sourcing/index.server'
import { awardQuotations } from './award-quotations.server'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the sourcing flow, end to end through the services', () => {
  it('project → requirements → sealed RFQ → two quotations → sealed until the deadline → comparison → split award → orders on the project', async () => {
    const cast = await createSourcingCast()
    const [a, b] = cast.suppliers
    const project = await createProject(
      cast.buyer.ctx,
      CreateProjectInput.parse({ name: 'Tea house fit-out', currency: 'USD', budget: '20000', description: '' }),
    )
    const cups = await createRequirement(
      cast.buyer.ctx,
      CreateRequirementInput.parse({
        projectId: project.id,
        title: 'Celadon tea cup',
        quantity: 600,
        unit: 'pcs',
        targetCurrency: 'USD',
        destination: 'Hong Kong',
      }),
    )
    const trays = await createRequirement(
      cast.buyer.ctx,
      CreateRequirementInput.parse({
        projectId: project.id,
        title: 'Bamboo tray',
        quantity: 150,
        unit: 'pcs',
        targetCurrency: 'USD',
        destination: 'Hong Kong',
      }),
    )
    const deadline = new Date(Date.now() + 2_500)
    const draft = await createRfq(
      cast.buyer.ctx,
      CreateRfqInput.parse({
        projectId: project.id,
        title: 'Tea house tableware',
        quoteDeadline: deadline.toISOString(),
        currency: 'USD',
        incoterm: 'FOB',
        incotermPlace: 'Ningbo',
        destination: 'Hong Kong',
        sealed: true,
        supplierIds: [a!.company.id, b!.company.id],
        requirementIds: [cups.id, trays.id],
      }),
    )
    const rfq = await transitionRfq(cast.buyer.ctx, draft.id, RfqTransitionInput.parse({ action: 'publish', version: draft.version }))
    expect(rfq.status).toBe('open')
    const lineOf = (title: string) => rfq.lines.find((line) => line.title === title)!.id

    const terms = { currency: 'USD', incoterm: 'FOB', incotermPlace: 'Ningbo', paymentTerms: 'tt_30_70', validUntil: '2099-12-31' }
    for (const [supplier, cupPrice, trayPrice] of [
      [a!, '2.7500', '5.9000'],
      [b!, '3.1000', '5.2500'],
    ] as const) {
      const saved = await saveQuotation(
        supplier.ctx,
        rfq.id,
        SaveQuotationInput.parse({
          ...terms,
          lines: [
            { rfqLineId: lineOf('Celadon tea cup'), unitPrice: cupPrice, leadTimeDays: 30 },
            { rfqLineId: lineOf('Bamboo tray'), unitPrice: trayPrice, leadTimeDays: 30 },
          ],
        }),
      )
      await submitQuotation(supplier.ctx, saved.id, { version: saved.version })
    }

    // Sealed: counts only, and no award while quoting is open.
    expect(await listQuotationsForRfq(cast.buyer.ctx, rfq.id)).toMatchObject({ sealed: true, count: 2 })
    expect(await comparisonFor(cast.buyer.ctx, rfq.id, {})).toMatchObject({ sealed: true, count: 2 })
    await expect(awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lineOf('Celadon tea cup'), quotationId: 'x' }] })).rejects.toMatchObject({
      code: 'invalid_transition',
    })

    await sleep(Math.max(0, deadline.getTime() - Date.now() + 300))
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id, {})
    if ('sealed' in comparison && comparison.sealed) throw new Error('still sealed after the deadline')
    const best = Object.fromEntries(comparison.lines.map((line) => [line.title, line.bestQuotationId]))
    const award = comparison.lines.map((line) => ({ rfqLineId: line.id, quotationId: best[line.title]! }))
    const result = await awardQuotations(cast.buyer.ctx, rfq.id, { lines: award })
    expect(result.purchaseOrders).toHaveLength(2)
    const orders = await Promise.all(result.purchaseOrders.map((order) => getPurchaseOrder(cast.buyer.ctx, order.id)))
    expect(
      Object.fromEntries(orders.map((order) => [order.supplier.name, order.lines.map((line) => [line.description, line.quantity, line.unitPrice])])),
    ).toEqual({
      [a!.company.name]: [['Celadon tea cup', 600, '2.7500']],
      [b!.company.name]: [['Bamboo tray', 150, '5.2500']],
    })

    const summary = await projectSummary(cast.buyer.ctx, project.id)
    expect(summary.project.status).toBe('awarded')
    expect(summary.requirements.map((requirement) => requirement.status)).toEqual(['awarded', 'awarded'])
    expect(summary.orders).toHaveLength(2)
  })
})
