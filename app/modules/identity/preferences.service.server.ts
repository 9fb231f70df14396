import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { ensure } from '../../platform/errors'
import { type InterfaceLocale, isInterfaceLocale } from '../../platform/i18n/interface-locales'
import type { Locale } from '../../platform/i18n/locales'
import { actorFromClientSession } from './actor'
import type { ClientSession } from './auth-context'
import { preferencesCache } from './preferences-cache.server'
import { DEFAULT_PREFERENCES, type Preferences } from './preferences'
import { userPreferences } from './preferences.tables.server'

type PreferencesRow = typeof userPreferences.$inferSelect
/** What an update stores: the interface language may be left out (the saved one stays). */
export type PreferencesUpdate = Omit<Preferences, 'interface_locale'> & { interface_locale?: Preferences['interface_locale'] }

function toPreferences(row: PreferencesRow): Preferences {
  return {
    language: row.language,
    currency: row.currency,
    timezone: row.timezone,
    date_format: row.dateFormat,
    time_format: row.timeFormat,
    hour_cycle: row.hourCycle,
    interface_locale: isInterfaceLocale(row.interfaceLocale) ? row.interfaceLocale : null,
  }
}

function toColumns(preferences: PreferencesUpdate) {
  return {
    language: preferences.language,
    currency: preferences.currency,
    timezone: preferences.timezone,
    dateFormat: preferences.date_format,
    timeFormat: preferences.time_format,
    hourCycle: preferences.hour_cycle,
    // Left out of an update: the saved one stays.
    ...(preferences.interface_locale === undefined ? {} : { interfaceLocale: preferences.interface_locale }),
  }
}

async function readPreferences(userId: string): Promise<Preferences> {
  const [row] = await database().select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1)
  return row ? toPreferences(row) : DEFAULT_PREFERENCES
}

/** The actor's preferences, or the defaults until they save some; served from memory while unchanged. */
export function getPreferences(ctx: ServiceContext): Promise<Preferences> {
  const userId = ctx.actor.userId
  return preferencesCache().read(userId, () => readPreferences(userId))
}

/** The preferences a page renders with: the signed-in viewer's, or the defaults for an anonymous visitor (§3). */
export function viewerPreferences(session: ClientSession | null, request: { locale: Locale; requestId: string }): Promise<Preferences> {
  return session ? getPreferences({ actor: actorFromClientSession(session), ...request }) : Promise.resolve(DEFAULT_PREFERENCES)
}

/** Another user's saved language, e.g. for mail sent to them; null until they save preferences. */
export async function savedLanguageOf(userId: string): Promise<Locale | null> {
  const [row] = await database().select({ language: userPreferences.language }).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1)
  return row?.language ?? null
}

/** Replaces the actor's preferences with validated input (PreferencesInput). */
export async function updatePreferences(ctx: ServiceContext, input: PreferencesUpdate): Promise<Preferences> {
  const userId = ctx.actor.userId
  const columns = { ...toColumns(input), updatedAt: new Date() }
  const [row] = await database()
    .insert(userPreferences)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: userPreferences.userId, set: columns })
    .returning()
  return remember(userId, row)
}

/** Changes only the language, e.g. from the language switcher; the other preferences stay as they are. */
export async function setLanguagePreference(ctx: ServiceContext, locale: Locale): Promise<Preferences> {
  const userId = ctx.actor.userId
  const [row] = await database()
    .insert(userPreferences)
    .values({ userId, ...toColumns({ ...DEFAULT_PREFERENCES, language: locale }) })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { language: locale, updatedAt: new Date() } })
    .returning()
  return remember(userId, row)
}

/** Changes only the interface language (null: the product language's own), e.g. from the languages page. */
export async function setInterfaceLocalePreference(ctx: ServiceContext, interfaceLocale: InterfaceLocale | null): Promise<Preferences> {
  const userId = ctx.actor.userId
  const current = await getPreferences(ctx)
  const [row] = await database()
    .insert(userPreferences)
    .values({ userId, ...toColumns({ ...current, interface_locale: interfaceLocale }) })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { interfaceLocale, updatedAt: new Date() } })
    .returning()
  return remember(userId, row)
}

function remember(userId: string, row: PreferencesRow | undefined): Preferences {
  ensure(row, 'internal', 'The preferences upsert returned no row')
  const saved = toPreferences(row)
  preferencesCache().saved(userId, saved)
  return saved
}
