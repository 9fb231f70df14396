import { desc, gte, sql } from 'drizzle-orm'
import type { ServiceContext } from '../actor'
import { database } from '../db/index.server'
import { env } from '../env.server'
import { AppError } from '../errors'
import { logger } from '../logger.server'
import { requirePlatformAdmin } from '../platform-admin'
import { type EcbRates, fetchEcbXml, parseEcbXml } from './ecb.server'
import type { FxRateInput } from './fx-rate.inputs'
import { ratesChanged } from './fx.service.server'
import { fxRates, type FxSource } from './fx.tables.server'

export type FxRateRow = { currency: string; ratePerEur: string; asOf: string; source: FxSource; updatedAt: Date }
export type EcbImportResult = { asOf: string; count: number }

/** The rate in force per currency (its latest day), alphabetically: what every signed-in user may read. */
export async function listCurrentRates(): Promise<FxRateRow[]> {
  return database()
    .selectDistinctOn([fxRates.currency], {
      currency: fxRates.currency,
      ratePerEur: fxRates.ratePerEur,
      asOf: fxRates.asOf,
      source: fxRates.source,
      updatedAt: fxRates.updatedAt,
    })
    .from(fxRates)
    .orderBy(fxRates.currency, desc(fxRates.asOf))
}

/** How many days of rates the rates page draws per currency. */
export const RATE_HISTORY_DAYS = 90

export type RatePoint = { asOf: string; ratePerEur: string }
/** The window (`from`–`to`, the newest stored day) and each currency's rates in it, oldest first. */
export type RateHistory = { from: string; to: string; byCurrency: Record<string, RatePoint[]> }

/**
 * Each currency's rates over the `days` days up to the newest stored rate, one per week (the week's last), oldest
 * first: the stored history, thinned to what a sparkline shows; null without any rate.
 */
export async function rateHistory(days = RATE_HISTORY_DAYS): Promise<RateHistory | null> {
  const [newest] = await database()
    .select({ day: sql<string | null>`max(${fxRates.asOf})::text` })
    .from(fxRates)
  if (!newest?.day) return null
  const from = new Date(Date.parse(`${newest.day}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  const week = sql`date_trunc('week', ${fxRates.asOf})`
  const rows = await database()
    .selectDistinctOn([fxRates.currency, week], { currency: fxRates.currency, asOf: fxRates.asOf, ratePerEur: fxRates.ratePerEur })
    .from(fxRates)
    .where(gte(fxRates.asOf, from))
    .orderBy(fxRates.currency, week, desc(fxRates.asOf))
  const byCurrency: Record<string, RatePoint[]> = {}
  for (const row of rows) (byCurrency[row.currency] ??= []).push({ asOf: row.asOf, ratePerEur: row.ratePerEur })
  return { from, to: newest.day, byCurrency }
}

/** An admin adds a rate, or replaces the one of that currency and day. */
export async function saveRate(ctx: ServiceContext, input: FxRateInput): Promise<FxRateRow> {
  requirePlatformAdmin(ctx.actor)
  const [row] = await database()
    .insert(fxRates)
    .values({ currency: input.currency, asOf: input.asOf, ratePerEur: input.ratePerEur, source: 'manual', updatedBy: ctx.actor.userId })
    .onConflictDoUpdate({
      target: [fxRates.currency, fxRates.asOf],
      set: { ratePerEur: input.ratePerEur, source: 'manual', updatedBy: ctx.actor.userId, updatedAt: sql`now()` },
    })
    .returning({ currency: fxRates.currency, ratePerEur: fxRates.ratePerEur, asOf: fxRates.asOf, source: fxRates.source, updatedAt: fxRates.updatedAt })
  ratesChanged()
  return row!
}

/** Whether the ECB importer is on (FX_ECB_URL set), and where it reads. */
export function ecbImporter(): { configured: boolean; url: string | null } {
  const url = env().FX_ECB_URL ?? null
  return { configured: url !== null, url }
}

/** Stores one day of ECB rates in one statement; a rate an admin entered for that day wins over the feed. */
async function storeEcbRates(parsed: EcbRates): Promise<EcbImportResult> {
  await database()
    .insert(fxRates)
    .values(parsed.rates.map((rate) => ({ currency: rate.currency, asOf: parsed.asOf, ratePerEur: rate.ratePerEur, source: 'ecb' as const })))
    .onConflictDoUpdate({
      target: [fxRates.currency, fxRates.asOf],
      set: { ratePerEur: sql`excluded.rate_per_eur`, source: 'ecb', updatedBy: null, updatedAt: sql`now()` },
      setWhere: sql`${fxRates.source} <> 'manual'`,
    })
  ratesChanged()
  return { asOf: parsed.asOf, count: parsed.rates.length }
}

async function importFrom(url: string | null, fetchImpl?: typeof globalThis.fetch): Promise<EcbImportResult> {
  if (!url) throw new AppError('unavailable', 'The ECB importer is off: set FX_ECB_URL', { reason: 'not_configured' })
  return storeEcbRates(parseEcbXml(await fetchEcbXml(url, fetchImpl)))
}

/**
 * An admin imports the ECB's reference rates: unconfigured or unreachable → 503 `unavailable`, a feed that is not
 * the ECB's XML → 422; in both cases nothing changes.
 */
export async function importEcbRates(ctx: ServiceContext, options: { fetch?: typeof globalThis.fetch } = {}): Promise<EcbImportResult> {
  requirePlatformAdmin(ctx.actor)
  return importFrom(ecbImporter().url, options.fetch)
}

/** The hourly refresh: quiet when the importer is off, a warning when the feed fails. */
export async function refreshEcbRates(): Promise<void> {
  const { url } = ecbImporter()
  if (!url) return
  try {
    const result = await importFrom(url)
    logger().info(result, 'ECB reference rates refreshed')
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not refresh the ECB reference rates')
  }
}
