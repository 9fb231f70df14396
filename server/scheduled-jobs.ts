import * as z from 'zod'
import { renewDuePeriods } from '../app/modules/billing/index.server'
import { purgeDeletedCompanies } from '../app/modules/companies/index.server'
import { flushNotificationDigests } from '../app/modules/kernel/index.server'
import { refreshWindowedPrices } from '../app/modules/catalog/index.server'
import { syncEping } from '../app/modules/compliance/index.server'
import { releaseDuePayments, requestScheduledPayouts } from '../app/modules/finance/index.server'
import { pollTrackingProvider } from '../app/modules/logistics/index.server'
import { closeExpiredRfqs, expireQuotations, remindRfqDeadlines } from '../app/modules/sourcing/index.server'
import { refreshEcbRates } from '../app/platform/fx/fx-admin.service.server'
import { purgeIdempotencyKeys } from '../app/platform/idempotency/idempotency.server'
import { defineJob, type JobDefinition, sendJob } from '../app/platform/jobs/index.server'
import { logger } from '../app/platform/logger.server'
import { purgeOutboxJob, relayOutboxJob } from '../app/platform/outbox/outbox.jobs.server'

const HOURLY = '0 * * * *'
const EVERY_MINUTE = '* * * * *'
const noPayload = z.object({})
// The hour's run is one job: a late retry or the start-up run never overlaps the cron's.
const oncePerQueue = () => 'once'
const hourlyRetry = { limit: 2, delaySeconds: 60, maxDelaySeconds: 10 * 60 }

/** Companies deleted more than 30 days ago go for good, with everything they own. */
export const purgeDeletedCompaniesJob = defineJob({
  name: 'companies.purge-deleted',
  titleKey: 'names.purgeDeletedCompanies',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  handle: async () => {
    const purged = await purgeDeletedCompanies()
    if (purged > 0) logger().info({ purged }, 'deleted companies purged')
  },
})

export const purgeIdempotencyKeysJob = defineJob({
  name: 'idempotency.purge-keys',
  titleKey: 'names.purgeIdempotencyKeys',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  handle: async () => {
    await purgeIdempotencyKeys()
  },
})

/** Public prices whose list window opened or closed. */
export const refreshWindowedPricesJob = defineJob({
  name: 'catalog.refresh-windowed-prices',
  titleKey: 'names.refreshWindowedPrices',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  handle: async () => {
    await refreshWindowedPrices()
  },
})

/** In this order, as before: an RFQ past its deadline closes before reminders go out, then quotations past validity expire. */
export const sourcingDeadlinesJob = defineJob({
  name: 'sourcing.deadlines',
  titleKey: 'names.sourcingDeadlines',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  handle: async () => {
    await closeExpiredRfqs()
    await remindRfqDeadlines()
    await expireQuotations()
  },
})

/** The ECB feed (FX_ECB_URL; without it this does nothing). It has its own timeout and logs its own failures. */
export const refreshEcbRatesJob = defineJob({
  name: 'fx.refresh-ecb-rates',
  titleKey: 'names.refreshEcbRates',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  handle: async () => {
    await refreshEcbRates()
  },
})

const DIGEST_HALF_MINUTE_SECONDS = 30

/**
 * Notification mail that waited for its recipient's digest window leaves, one mail per person, every 30 s. Cron fires at
 * most once a minute, so the minute's run queues the half-minute one.
 */
const digestPayload = z.object({ second: z.union([z.literal(0), z.literal(DIGEST_HALF_MINUTE_SECONDS)]).default(0) })

export const sendNotificationDigestsJob = defineJob({
  name: 'notifications.send-digests',
  titleKey: 'names.sendNotificationDigests',
  payload: digestPayload,
  cron: EVERY_MINUTE,
  singletonKey: ({ second }) => `at-${second}`,
  retry: { limit: 1, delaySeconds: 5 },
  timeoutSeconds: 5 * 60,
  handle: sendNotificationDigests,
})

async function sendNotificationDigests({ second }: z.output<typeof digestPayload>): Promise<void> {
  if (second === 0) await sendJob(sendNotificationDigestsJob, { second: DIGEST_HALF_MINUTE_SECONDS }, { startAfterSeconds: DIGEST_HALF_MINUTE_SECONDS })
  await flushNotificationDigests()
}

/**
 * The tracking provider's news of live shipments (TRACKING_PROVIDER_URL; without it this does nothing). A provider that
 * cannot answer now (429, 5xx, a timeout) fails the run, and the queue retries it.
 */
export const pollTrackingJob = defineJob({
  name: 'logistics.poll-tracking',
  titleKey: 'names.pollTracking',
  payload: noPayload,
  cron: '*/15 * * * *',
  singletonKey: oncePerQueue,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 10 * 60 },
  timeoutSeconds: 10 * 60,
  handle: async (_payload, { signal }) => {
    await pollTrackingProvider(signal)
  },
})

/** Escrow of orders delivered FINANCE_AUTO_RELEASE_DAYS ago without a dispute goes to the supplier. */
export const releaseDuePaymentsJob = defineJob({
  name: 'finance.release-due',
  titleKey: 'names.releaseDuePayments',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  handle: async () => {
    await releaseDuePayments()
  },
})

/** Weekly and monthly payouts of the companies that chose them (on their day; once per company, currency and day). */
export const scheduledPayoutsJob = defineJob({
  name: 'finance.scheduled-payouts',
  titleKey: 'names.requestScheduledPayouts',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  handle: async () => {
    await requestScheduledPayouts()
  },
})

/**
 * WTO ePing notifications (issue 22): new ones from the API since the newest stored (EPING_API_KEY), or the bundled
 * sample once when offline, matched to companies' products and subscriptions. A page the API cannot answer or that does
 * not parse fails the run (nothing of it stored) and the queue retries it.
 */
export const epingSyncJob = defineJob({
  name: 'compliance.eping-sync',
  titleKey: 'names.syncEping',
  payload: noPayload,
  cron: '0 */6 * * *',
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  timeoutSeconds: 30 * 60,
  handle: async (_payload, { signal }) => {
    await syncEping({ signal })
  },
})

/** Companies whose plan period ended move to the next one (a waiting downgrade takes effect; a paid plan is invoiced). */
export const renewPlanPeriodsJob = defineJob({
  name: 'billing.renew-periods',
  titleKey: 'names.renewPlanPeriods',
  payload: noPayload,
  cron: HOURLY,
  singletonKey: oncePerQueue,
  retry: hourlyRetry,
  timeoutSeconds: 30 * 60,
  handle: async () => {
    // A run renews up to 500 companies; a backlog takes the next runs (the oldest first).
    const renewed = await renewDuePeriods()
    if (renewed > 0) logger().info({ renewed }, 'plan periods renewed')
  },
})

const HOURLY_UPKEEP = [
  purgeDeletedCompaniesJob,
  purgeIdempotencyKeysJob,
  refreshWindowedPricesJob,
  sourcingDeadlinesJob,
  refreshEcbRatesJob,
  purgeOutboxJob,
  releaseDuePaymentsJob,
  renewPlanPeriodsJob,
]

export const SCHEDULED_JOBS: readonly JobDefinition[] = [
  ...HOURLY_UPKEEP,
  scheduledPayoutsJob,
  sendNotificationDigestsJob,
  relayOutboxJob,
  pollTrackingJob,
  epingSyncJob,
]

/**
 * A worker that starts runs the hour's upkeep at once, as it did before the queue, relays the outbox events a
 * stopped server committed but did not deliver, and syncs ePing (a first start loads the offline sample); an instance
 * already on one of them keeps the one job.
 */
export async function catchUpOnStart(): Promise<void> {
  for (const job of [...HOURLY_UPKEEP, relayOutboxJob, epingSyncJob]) await sendJob(job, {})
}
