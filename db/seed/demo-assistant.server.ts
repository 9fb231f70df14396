import { createThread, listThreads, sendMessage } from '../../app/modules/assistant/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoMember } from './demo-orders.server'

/**
 * Gives the demo buyer two conversations with the built-in sourcing assistant (issue 23), asked through the assistant's
 * own services: a requirement drafted for mugs to Hamburg (left for the buyer to create) and an HS code question in
 * Chinese. Runs once: skipped when the buyer has a conversation.
 */
export async function seedDemoAssistant(): Promise<void> {
  const buyer = await demoMember(DEMO_ACCOUNTS[0].email)
  if (!buyer) return
  const ctx = contextOf(buyer.userId, buyer.companyId)
  if ((await listThreads(ctx, { kind: 'sourcing', limit: 1, offset: 0 })).total > 0) return
  for (const question of ['I need 5,000 ceramic mugs delivered to Hamburg by March', '骨瓷马克杯的海关编码是多少？']) {
    const thread = await createThread(ctx, { kind: 'sourcing' })
    await sendMessage(ctx, thread.id, 'sourcing', { content: question })
  }
  logger().info('demo assistant conversations seeded')
}
