import * as z from 'zod'
import { defineJob } from '../jobs/index.server'
import { logger } from '../logger.server'
import { purgeOutboxEvents, relayPendingEvents } from './outbox.server'

/**
 * The outbox's safety net: every minute, and when a worker starts, delivers the events no request relayed (its server
 * died after commit, or a handler failed and its back-off has passed). One run at a time across instances.
 */
export const relayOutboxJob = defineJob({
  name: 'outbox.relay',
  titleKey: 'names.relayOutbox',
  payload: z.object({}),
  cron: '* * * * *',
  singletonKey: () => 'once',
  retry: { limit: 1, delaySeconds: 10 },
  timeoutSeconds: 5 * 60,
  handle: async () => {
    const relayed = await relayPendingEvents()
    if (relayed > 0) logger().info({ relayed }, 'outbox events relayed by the safety net')
  },
})

export const purgeOutboxJob = defineJob({
  name: 'outbox.purge',
  titleKey: 'names.purgeOutbox',
  payload: z.object({}),
  cron: '0 * * * *',
  singletonKey: () => 'once',
  retry: { limit: 2, delaySeconds: 60, maxDelaySeconds: 10 * 60 },
  handle: async () => {
    await purgeOutboxEvents()
  },
})
