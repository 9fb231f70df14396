// The ePing sync (issue 22), run by the `compliance.eping-sync` job every 6 hours. With a subscription key it reads the
// API page by page from the newest stored distribution day and stores what is new or changed only once every page was
// read and valid: the notifications, their matches and the companies' notices in one transaction, with the run's row.
// A failure records the run as failed and throws, so the job retries; nothing of the run is stored. Without a key the
// bundled sample is loaded, once. Either way, companies whose products changed since the last run are matched again.
import { randomUUID } from 'node:crypto'
import { desc, eq, inArray, max, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { logger } from '../../platform/logger.server'
import { relayEvents } from '../../platform/outbox/outbox.server'
import { companiesWithProductChangesSince } from '../catalog/index.server'
import type { EpingSource } from './compliance.constants'
import { epingNotifications, epingSyncRuns } from './compliance.tables.server'
import { createEpingClient, type EpingApi, epingApi, EpingApiError, type NotificationRecord, parseEpingPage } from './eping-client.server'
import { matchesFor, type NoticeFacts, rematchCompanies, storeMatches } from './eping-match-store.server'
import sample from './data/eping-sample.json'

/** Notifications per page asked of the API. */
export const EPING_PAGE_SIZE = 100
/** A search that claims more pages than this is not believed (the sync stops with an error). */
const MAX_PAGES = 2_000
const ERROR_TEXT_MAX = 2_000

export type EpingSyncOutcome = {
  source: EpingSource
  runId: string
  /** Pages read (the sample counts as one). */
  pages: number
  /** Notifications stored new or changed. */
  stored: number
  /** Companies told of a notification for the first time. */
  notices: number
  /** Companies matched again because their products changed. */
  rematched: number
}

type StoredRecord = NotificationRecord & { id: string }

/** The fields whose change makes a stored notification "changed". */
const comparable = (record: NotificationRecord) =>
  JSON.stringify([
    record.area,
    record.memberCode,
    record.memberName,
    record.title,
    record.description,
    record.products,
    record.hsCodes,
    record.objectives,
    record.distributedOn,
    record.commentDeadline,
    record.adoptedOn,
    record.inForceOn,
    // jsonb keeps an object's keys in its own order: compare the links by their values.
    record.links.map((link) => [link.label, link.url]),
    record.source,
  ])

/** The records that are new or differ from what is stored, each with its id (the stored one, or a new one). */
async function newOrChanged(records: readonly NotificationRecord[]): Promise<StoredRecord[]> {
  const bySymbol = new Map(records.map((record) => [record.documentSymbol, record]))
  const symbols = [...bySymbol.keys()]
  const stored = new Map<string, StoredRecord>()
  for (let start = 0; start < symbols.length; start += 500) {
    const rows = await database()
      .select()
      .from(epingNotifications)
      .where(inArray(epingNotifications.documentSymbol, symbols.slice(start, start + 500)))
    for (const row of rows) stored.set(row.documentSymbol, row)
  }
  const result: StoredRecord[] = []
  for (const record of bySymbol.values()) {
    const existing = stored.get(record.documentSymbol)
    if (!existing) result.push({ ...record, id: randomUUID() })
    else if (comparable(existing) !== comparable(record)) result.push({ ...record, id: existing.id })
  }
  return result
}

async function startRun(source: EpingSource, since: string | null): Promise<string> {
  const id = randomUUID()
  await database().insert(epingSyncRuns).values({ id, source, since, status: 'running' })
  return id
}

async function failRun(runId: string, error: unknown, pages: number): Promise<void> {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  await database()
    .update(epingSyncRuns)
    .set({ status: 'failed', error: text.slice(0, ERROR_TEXT_MAX), pages, finishedAt: new Date() })
    .where(eq(epingSyncRuns.id, runId))
}

/**
 * Stores the run's records that are new or changed, with their matches and notices, and closes the run as succeeded:
 * one transaction, so a failure leaves nothing of the run behind (the caller marks it failed).
 */
async function storeRun(runId: string, records: readonly NotificationRecord[], pages: number): Promise<{ stored: number; notices: number }> {
  const changed = await newOrChanged(records)
  const matches = await matchesFor(changed)
  const facts = new Map<string, NoticeFacts>(changed.map((record) => [record.id, record]))
  const outcome = await database().transaction(async (tx) => {
    for (let start = 0; start < changed.length; start += 200) {
      await tx
        .insert(epingNotifications)
        .values(changed.slice(start, start + 200))
        .onConflictDoUpdate({
          target: epingNotifications.documentSymbol,
          set: {
            area: sql`excluded.area`,
            memberCode: sql`excluded.member_code`,
            memberName: sql`excluded.member_name`,
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            products: sql`excluded.products`,
            hsCodes: sql`excluded.hs_codes`,
            objectives: sql`excluded.objectives`,
            distributedOn: sql`excluded.distributed_on`,
            commentDeadline: sql`excluded.comment_deadline`,
            adoptedOn: sql`excluded.adopted_on`,
            inForceOn: sql`excluded.in_force_on`,
            links: sql`excluded.links`,
            source: sql`excluded.source`,
            searchText: sql`excluded.search_text`,
            updatedAt: new Date(),
          },
        })
    }
    const stored = await storeMatches(tx, matches, facts)
    await tx.update(epingSyncRuns).set({ status: 'succeeded', pages, stored: changed.length, finishedAt: new Date() }).where(eq(epingSyncRuns.id, runId))
    return stored
  })
  await relayEvents(outcome.events)
  return { stored: changed.length, notices: outcome.notices }
}

/** The newest distribution day the API gave: the next sync asks from that day on (later ones of that day included). */
async function newestApiDay(): Promise<string | null> {
  const [row] = await database()
    .select({ day: max(epingNotifications.distributedOn) })
    .from(epingNotifications)
    .where(eq(epingNotifications.source, 'api'))
  return row?.day ?? null
}

/** Reads every page of the search since `since`, validated; throws at the first page that cannot be read. */
async function readApi(api: EpingApi, since: string | null, options: SyncOptions, onPage: () => void): Promise<NotificationRecord[]> {
  const client = createEpingClient(api)
  const pageSize = options.pageSize ?? EPING_PAGE_SIZE
  const records: NotificationRecord[] = []
  for (let page = 1; ; page++) {
    options.signal?.throwIfAborted()
    if (page > MAX_PAGES) throw new EpingApiError(`the search answers more than ${MAX_PAGES} pages`)
    const answer = await client.page({ page, pageSize, since }, options.signal)
    onPage()
    records.push(...answer.records)
    if (answer.items < pageSize || page * pageSize >= answer.totalCount) return records
  }
}

type SyncOptions = { signal?: AbortSignal; pageSize?: number }

async function syncFromApi(api: EpingApi, options: SyncOptions): Promise<Omit<EpingSyncOutcome, 'rematched'>> {
  const since = await newestApiDay()
  const runId = await startRun('api', since)
  let pages = 0
  try {
    const records = await readApi(api, since, options, () => (pages += 1))
    const { stored, notices } = await storeRun(runId, records, pages)
    return { source: 'api', runId, pages, stored, notices }
  } catch (error) {
    await failRun(runId, error, pages)
    throw error
  }
}

/** The bundled sample, read by the API's own mapper (it has the API's shape): realistic examples, not WTO records. */
export function sampleRecords(): NotificationRecord[] {
  return parseEpingPage(sample, 'sample').records
}

/**
 * Loads the bundled sample when no notification is stored yet (first start offline, the demo seed), matched to the
 * companies' products and subscriptions like a sync; null when notifications are there already (nothing done).
 */
export async function loadEpingSample(): Promise<Omit<EpingSyncOutcome, 'rematched'> | null> {
  if (await anyNotificationStored()) return null
  const runId = await startRun('sample', null)
  try {
    const { stored, notices } = await storeRun(runId, sampleRecords(), 1)
    logger().info({ stored, notices }, 'ePing sample loaded (no EPING_API_KEY)')
    return { source: 'sample', runId, pages: 1, stored, notices }
  } catch (error) {
    await failRun(runId, error, 0)
    throw error
  }
}

async function anyNotificationStored(): Promise<boolean> {
  const [any] = await database().select({ id: epingNotifications.id }).from(epingNotifications).limit(1)
  return !!any
}

/** An offline run with the sample already there: it stores nothing, and marks when products were last looked at. */
async function offlineRun(): Promise<Omit<EpingSyncOutcome, 'rematched'>> {
  const runId = randomUUID()
  // Started by the database's clock, like product changes are stamped: the next run compares the two.
  await database()
    .insert(epingSyncRuns)
    .values({ id: runId, source: 'sample', status: 'succeeded', finishedAt: sql`now()` })
  return { source: 'sample', runId, pages: 0, stored: 0, notices: 0 }
}

/** When the last run that succeeded started: products changed since then may have new matches. */
async function lastSucceededRunStart(): Promise<Date | null> {
  const [row] = await database()
    .select({ startedAt: epingSyncRuns.startedAt })
    .from(epingSyncRuns)
    .where(eq(epingSyncRuns.status, 'succeeded'))
    .orderBy(desc(epingSyncRuns.startedAt))
    .limit(1)
  return row?.startedAt ?? null
}

/**
 * One sync: the API's new notifications (or the sample, offline) stored and matched, then the companies whose products
 * changed since the last successful run matched again. Throws when the API cannot be read (the job retries).
 */
export async function syncEping(options: SyncOptions = {}): Promise<EpingSyncOutcome> {
  const previous = await lastSucceededRunStart()
  const api = epingApi()
  const run = api ? await syncFromApi(api, options) : ((await loadEpingSample()) ?? (await offlineRun()))
  const rematched = previous ? await rematchCompanies(await companiesWithProductChangesSince(previous)) : 0
  if (run.stored > 0 || rematched > 0) logger().info({ ...run, rematched }, 'ePing sync done')
  return { ...run, rematched }
}
