// The assistant's configuration (issue 23): the platform's provider, model, sealed key, prompt, tools and default
// limit (platform admins), each company's switch and monthly token limit, and use per company and day. Settings are
// read once per process and dropped on change everywhere (SharedCache), so a turn costs no settings query.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { hasRole, requireCompany } from '../../platform/member-roles'
import { isPlatformAdmin, requirePlatformAdmin } from '../../platform/platform-admin'
import { openSecret, sealSecret } from '../../platform/secret-box.server'
import { SharedCache } from '../../platform/shared-cache.server'
import { companyNames } from '../companies/index.server'
import { recordAudit } from '../kernel/index.server'
import { DEFAULT_ENABLED_TOOLS, DEFAULT_MONTHLY_TOKEN_LIMIT } from './assistant.constants'
import type { AssistantConfigInput, CompanyAssistantInput } from './assistant.inputs'
import { assistantCompanySettings, assistantSettings, assistantUsage } from './assistant.tables.server'
import { type AssistantProviderKind, type AssistantToolName, isAssistantTool } from './assistant.types'

const KEY_PURPOSE = 'assistant-provider-key'
const PLATFORM_ID = 'platform'
const settingsCache = new SharedCache<PlatformAssistant>('tradeport:assistant-settings', 60_000)
const companyCache = new SharedCache<CompanySwitch>('tradeport:assistant-company', 60_000)

/** The platform's assistant as turns use it; `apiKey` is the opened key (server only, never sent anywhere else). */
export type PlatformAssistant = {
  provider: AssistantProviderKind
  baseUrl: string
  model: string
  apiKey: string | null
  temperature: string
  systemPrompt: string
  enabledTools: AssistantToolName[]
  monthlyTokenLimit: number
  updatedAt: Date | null
}

type CompanySwitch = { enabled: boolean; monthlyTokenLimit: number | null }

const DEFAULTS: PlatformAssistant = {
  provider: 'builtin',
  baseUrl: '',
  model: '',
  apiKey: null,
  temperature: '0.2',
  systemPrompt: '',
  enabledTools: [...DEFAULT_ENABLED_TOOLS],
  monthlyTokenLimit: DEFAULT_MONTHLY_TOKEN_LIMIT,
  updatedAt: null,
}

/** The platform's settings (defaults until an admin saves some). */
export function platformAssistant(): Promise<PlatformAssistant> {
  return settingsCache.read(PLATFORM_ID, async () => {
    const [row] = await database().select().from(assistantSettings).where(eq(assistantSettings.id, PLATFORM_ID))
    if (!row) return DEFAULTS
    return {
      provider: row.provider,
      baseUrl: row.baseUrl,
      model: row.model,
      apiKey: row.apiKeySealed ? openSecret(row.apiKeySealed, KEY_PURPOSE) : null,
      temperature: row.temperature,
      systemPrompt: row.systemPrompt,
      enabledTools: row.enabledTools.filter(isAssistantTool),
      monthlyTokenLimit: row.monthlyTokenLimit,
      updatedAt: row.updatedAt,
    }
  })
}

function companySwitch(companyId: string): Promise<CompanySwitch> {
  return companyCache.read(companyId, async () => {
    const [row] = await database()
      .select({ enabled: assistantCompanySettings.enabled, monthlyTokenLimit: assistantCompanySettings.monthlyTokenLimit })
      .from(assistantCompanySettings)
      .where(eq(assistantCompanySettings.companyId, companyId))
    return row ?? { enabled: true, monthlyTokenLimit: null }
  })
}

/** The first moment of the month after `now` (UTC), when a month's quota starts again. */
export function quotaResetsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10)
const dayOf = (now: Date) => now.toISOString().slice(0, 10)

export type CompanyQuota = { enabled: boolean; limit: number; used: number; resetsAt: Date }

/** Whether the company may use the assistant and how much of this month's tokens it has used. */
export async function companyQuota(companyId: string, now = new Date()): Promise<CompanyQuota> {
  const [platform, own] = await Promise.all([platformAssistant(), companySwitch(companyId)])
  const [used] = await database()
    .select({ tokens: sql<number>`coalesce(sum(${assistantUsage.tokens}), 0)::int` })
    .from(assistantUsage)
    .where(and(eq(assistantUsage.companyId, companyId), gte(assistantUsage.day, monthStart(now))))
  return { enabled: own.enabled, limit: own.monthlyTokenLimit ?? platform.monthlyTokenLimit, used: used?.tokens ?? 0, resetsAt: quotaResetsAt(now) }
}

/** Counts one reply (or failure) and its tokens for the company today. */
export async function recordUsage(companyId: string, usage: { tokens: number; failed: boolean }, now = new Date()): Promise<void> {
  const errors = usage.failed ? 1 : 0
  await database()
    .insert(assistantUsage)
    .values({ companyId, day: dayOf(now), requests: 1, tokens: usage.tokens, errors })
    .onConflictDoUpdate({
      target: [assistantUsage.companyId, assistantUsage.day],
      set: {
        requests: sql`${assistantUsage.requests} + 1`,
        tokens: sql`${assistantUsage.tokens} + ${usage.tokens}`,
        errors: sql`${assistantUsage.errors} + ${errors}`,
      },
    })
}

/** What the configuration page shows a platform admin: everything but the key, which is only said to be set. */
export type AssistantConfigView = Omit<PlatformAssistant, 'apiKey'> & { hasApiKey: boolean }

export async function getAssistantConfig(ctx: ServiceContext): Promise<AssistantConfigView> {
  requirePlatformAdmin(ctx.actor)
  const { apiKey, ...rest } = await platformAssistant()
  return { ...rest, hasApiKey: apiKey !== null }
}

export async function updateAssistantConfig(ctx: ServiceContext, input: AssistantConfigInput): Promise<AssistantConfigView> {
  requirePlatformAdmin(ctx.actor)
  const before = await getAssistantConfig(ctx)
  const sealed = input.apiKey ? sealSecret(input.apiKey, KEY_PURPOSE) : undefined
  const values = {
    provider: input.provider,
    baseUrl: input.baseUrl,
    model: input.model,
    temperature: input.temperature,
    systemPrompt: input.systemPrompt,
    enabledTools: input.enabledTools,
    monthlyTokenLimit: input.monthlyTokenLimit,
    updatedBy: ctx.actor.userId,
    updatedAt: new Date(),
    ...(sealed ? { apiKeySealed: sealed } : input.clearApiKey ? { apiKeySealed: null } : {}),
  }
  await database().transaction(async (tx) => {
    await tx
      .insert(assistantSettings)
      .values({ id: PLATFORM_ID, ...values })
      .onConflictDoUpdate({ target: assistantSettings.id, set: values })
    const keyChange = sealed ? 'replaced' : input.clearApiKey ? 'removed' : 'kept'
    await recordAudit(tx, ctx, {
      companyId: null,
      action: 'assistant.configured',
      targetType: 'assistant_settings',
      targetId: PLATFORM_ID,
      before: { provider: before.provider, baseUrl: before.baseUrl, model: before.model, tools: before.enabledTools, limit: before.monthlyTokenLimit },
      after: {
        provider: input.provider,
        baseUrl: input.baseUrl,
        model: input.model,
        tools: input.enabledTools,
        limit: input.monthlyTokenLimit,
        key: keyChange,
      },
    })
  })
  settingsCache.changed([PLATFORM_ID])
  return getAssistantConfig(ctx)
}

/** Company admins see and switch their own company; platform admins any company. Others: 403 (404 for a stranger's). */
function requireCompanyManager(ctx: ServiceContext, companyId: string): void {
  if (isPlatformAdmin(ctx.actor)) return
  requireCompany(ctx.actor)
  if (ctx.actor.companyId !== companyId) throw new AppError('not_found', 'Company not found')
  if (!hasRole(ctx.actor, 'admin')) throw new AppError('insufficient_role', 'Your role does not allow this', { requiredRole: 'admin' })
}

export type CompanyAssistantView = { companyId: string; companyName: string; enabled: boolean; monthlyTokenLimit: number | null; quota: CompanyQuota }

export async function getCompanyAssistant(ctx: ServiceContext, companyId: string): Promise<CompanyAssistantView> {
  requireCompanyManager(ctx, companyId)
  const names = await companyNames([companyId])
  const companyName = names.get(companyId)
  if (companyName === undefined) throw new AppError('not_found', 'Company not found')
  const [own, quota] = await Promise.all([companySwitch(companyId), companyQuota(companyId)])
  return { companyId, companyName, enabled: own.enabled, monthlyTokenLimit: own.monthlyTokenLimit, quota }
}

/** A company admin may switch their company's assistant on or off; only a platform admin sets its limit. */
export async function updateCompanyAssistant(ctx: ServiceContext, companyId: string, input: CompanyAssistantInput): Promise<CompanyAssistantView> {
  requireCompanyManager(ctx, companyId)
  const current = await getCompanyAssistant(ctx, companyId)
  const limit = isPlatformAdmin(ctx.actor) ? (input.monthlyTokenLimit ?? null) : current.monthlyTokenLimit
  await database().transaction(async (tx) => {
    const values = { enabled: input.enabled, monthlyTokenLimit: limit, updatedBy: ctx.actor.userId, updatedAt: new Date() }
    await tx
      .insert(assistantCompanySettings)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: assistantCompanySettings.companyId, set: values })
    await recordAudit(tx, ctx, {
      companyId,
      action: 'assistant.company_configured',
      targetType: 'organization',
      targetId: companyId,
      before: { enabled: current.enabled, limit: current.monthlyTokenLimit },
      after: { enabled: input.enabled, limit },
    })
  })
  companyCache.changed([companyId])
  return getCompanyAssistant(ctx, companyId)
}

export type UsageDay = { day: string; requests: number; tokens: number; errors: number }
export type CompanyUsage = { companyId: string; companyName: string; enabled: boolean; limit: number; requests: number; tokens: number; errors: number }
export type AssistantUsageReport = { from: string; to: string; days: UsageDay[]; companies: CompanyUsage[] }

export const USAGE_DAYS = 30

/**
 * Use over the last 30 days: per day (the chart) and per company this month. A platform admin sees every company;
 * a company admin only their own.
 */
export async function assistantUsageReport(ctx: ServiceContext, now = new Date()): Promise<AssistantUsageReport> {
  const platformWide = isPlatformAdmin(ctx.actor)
  if (!platformWide) {
    requireCompany(ctx.actor)
    if (!hasRole(ctx.actor, 'admin')) throw new AppError('insufficient_role', 'Your role does not allow this', { requiredRole: 'admin' })
  }
  const scope = platformWide ? undefined : eq(assistantUsage.companyId, ctx.actor.companyId!)
  const from = dayOf(new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000))
  const to = dayOf(now)
  const db = database()
  const [days, companies, platform] = await Promise.all([
    db
      .select({
        day: assistantUsage.day,
        requests: sql<number>`sum(${assistantUsage.requests})::int`,
        tokens: sql<number>`sum(${assistantUsage.tokens})::int`,
        errors: sql<number>`sum(${assistantUsage.errors})::int`,
      })
      .from(assistantUsage)
      .where(and(gte(assistantUsage.day, from), scope))
      .groupBy(assistantUsage.day)
      .orderBy(assistantUsage.day),
    db
      .select({
        companyId: assistantUsage.companyId,
        enabled: sql<boolean>`coalesce(${assistantCompanySettings.enabled}, true)`,
        ownLimit: assistantCompanySettings.monthlyTokenLimit,
        requests: sql<number>`sum(${assistantUsage.requests})::int`,
        tokens: sql<number>`sum(${assistantUsage.tokens})::int`,
        errors: sql<number>`sum(${assistantUsage.errors})::int`,
      })
      .from(assistantUsage)
      .leftJoin(assistantCompanySettings, eq(assistantCompanySettings.companyId, assistantUsage.companyId))
      .where(and(gte(assistantUsage.day, monthStart(now)), lt(assistantUsage.day, dayOf(quotaResetsAt(now))), scope))
      .groupBy(assistantUsage.companyId, assistantCompanySettings.enabled, assistantCompanySettings.monthlyTokenLimit)
      .orderBy(desc(sql`sum(${assistantUsage.tokens})`), assistantUsage.companyId)
      .limit(200),
    platformAssistant(),
  ])
  const names = await companyNames(companies.map((row) => row.companyId))
  return {
    from,
    to,
    days: fillDays(days, from, USAGE_DAYS),
    companies: companies.map(({ ownLimit, ...row }) => ({
      ...row,
      companyName: names.get(row.companyId) ?? '',
      limit: ownLimit ?? platform.monthlyTokenLimit,
    })),
  }
}

/** Every day of the window, with zeros where nothing happened (the chart's x-axis has no gaps). */
function fillDays(rows: UsageDay[], from: string, count: number): UsageDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]))
  const start = Date.parse(`${from}T00:00:00Z`)
  return Array.from({ length: count }, (_, index) => {
    const day = dayOf(new Date(start + index * 86_400_000))
    return byDay.get(day) ?? { day, requests: 0, tokens: 0, errors: 0 }
  })
}
