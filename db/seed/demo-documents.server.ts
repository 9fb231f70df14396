import { and, desc, eq, inArray } from 'drizzle-orm'
import { CreateDocumentInput, EditDocumentInput } from '../../app/modules/documents/index'
import { decideDocument, editDocument, getDocument, issueDocument, listDocuments } from '../../app/modules/documents/index.server'
import { shipments } from '../../app/modules/logistics/logistics.tables.server'
import { purchaseOrders } from '../../app/modules/orders/orders.tables.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { createDocumentFromRecord } from '../../app/workflows/create-document.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoMember } from './demo-orders.server'

/**
 * Gives the demo supplier the papers of its shipment at sea (demo-orders.server.ts): a bilingual commercial invoice the
 * buyer accepted, and a packing list issued and waiting for the buyer's answer; and a proforma invoice still in draft
 * for the order in production. Runs once: skipped when the supplier has documents.
 */
export async function seedDemoDocuments(): Promise<void> {
  const buyer = await demoMember(DEMO_ACCOUNTS[0].email)
  const supplier = await demoMember(DEMO_ACCOUNTS[1].email)
  if (!buyer || !supplier) return
  const supplierCtx = contextOf(supplier.userId, supplier.companyId)
  const buyerCtx = contextOf(buyer.userId, buyer.companyId)
  if ((await listDocuments(supplierCtx, { limit: 1, offset: 0 })).total > 0) return
  const [shipment] = await database()
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.shipperCompanyId, supplier.companyId), eq(shipments.buyerCompanyId, buyer.companyId), eq(shipments.status, 'in_transit')))
    .orderBy(desc(shipments.createdAt))
    .limit(1)
  const [order] = await database()
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.supplierCompanyId, supplier.companyId), inArray(purchaseOrders.status, ['in_production', 'shipped'])))
    .limit(1)
  if (!shipment || !order) return
  const make = async (sourceKind: 'shipment' | 'purchase_order', sourceId: string, type: string, language: string) =>
    createDocumentFromRecord(supplierCtx, CreateDocumentInput.parse({ sourceKind, sourceId, type, language }))
  const fill = async (id: string) => {
    const draft = await getDocument(supplierCtx, id)
    await editDocument(
      supplierCtx,
      id,
      EditDocumentInput.parse({
        version: draft.version,
        fields: {
          marksAndNumbers: 'BKC / HK-KC\nC/NO. 1-40\nMADE IN CHINA',
          bankDetails: 'Bank of China, Jingdezhen Branch\nSWIFT BKCHCNBJ620\nA/C 6217 0000 1234 5678',
          signatory: 'Sam Okafor, Export Manager',
          vesselOrFlight: 'COSCO PRIDE 076E',
        },
        lines: draft.content.lines.map((line) => ({ position: line.position, hsCode: '6912.00', originCountry: 'CN' })),
      }),
    )
    return (await getDocument(supplierCtx, id)).version
  }
  const invoice = await make('shipment', shipment.id, 'commercial_invoice', 'en+zh-Hans')
  await issueDocument(supplierCtx, invoice, await fill(invoice))
  const issued = await getDocument(buyerCtx, invoice)
  await decideDocument(buyerCtx, invoice, { version: issued.version, decision: 'accept', reason: '' }, 'Bea Lin')
  const packing = await make('shipment', shipment.id, 'packing_list', 'en+zh-Hans')
  await issueDocument(supplierCtx, packing, await fill(packing))
  await make('purchase_order', order.id, 'proforma_invoice', 'en')
  logger().info({ documents: 3 }, 'demo documents seeded')
}
