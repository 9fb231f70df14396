import { and, eq } from 'drizzle-orm'
import { createChannel, openThread, sendMessage } from '../../app/modules/messaging/index.server'
import { conversations } from '../../app/modules/messaging/messaging.tables.server'
import { rfqs } from '../../app/modules/sourcing/sourcing.tables.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoMember } from './demo-orders.server'

/**
 * Gives the demo buyer's team a `#sourcing` channel and the demo RFQ a short clarification thread with the demo
 * supplier, through the messaging services, so the inbox and channels have something to show. Runs once: skipped when
 * the buyer's company has a channel.
 */
export async function seedDemoMessaging(): Promise<void> {
  const buyer = await demoMember(DEMO_ACCOUNTS[0].email)
  const supplier = await demoMember(DEMO_ACCOUNTS[1].email)
  if (!buyer || !supplier) return
  const db = database()
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.organizationId, buyer.companyId), eq(conversations.kind, 'channel')))
    .limit(1)
  if (existing) return
  const buyerCtx = contextOf(buyer.userId, buyer.companyId)
  const supplierCtx = contextOf(supplier.userId, supplier.companyId)
  const channel = await createChannel(buyerCtx, { name: 'sourcing', topic: 'Tea house opening: suppliers, samples and deadlines', visibility: 'public' })
  await sendMessage(buyerCtx, channel.id, { body: 'Welcome to #sourcing. The tableware RFQ is out to Bamboo Kiln Ceramics; quotes are due in two weeks.' })

  const [rfq] = await db.select({ id: rfqs.id }).from(rfqs).where(eq(rfqs.organizationId, buyer.companyId)).limit(1)
  if (rfq) {
    const thread = await openThread(supplierCtx, { kind: 'rfq', rfqId: rfq.id })
    await sendMessage(supplierCtx, thread.id, {
      body: 'Thank you for the invitation. Should the tea cups be packed 48 to a carton, or do you need retail boxes?',
    })
    await sendMessage(buyerCtx, thread.id, { body: 'Cartons of 48 are fine, with a divider per cup. Please quote FOB Shanghai.' })
  }
  logger().info('demo messaging seeded')
}
