import { eq, inArray } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { fieldErrorsOf } from '../../platform/validation'
import { notificationSettings as settingsTable } from './kernel.tables.server'
import { NOTIFICATION_GROUPS, type NotificationGroup, UpdateNotificationSettingsInput } from './notification.inputs'

/** One person's notification settings: per group, whether its notices are also mailed (all are, until turned off). */
export type NotificationSettings = { mail: Record<NotificationGroup, boolean> }

/** The settings a stored list of mail-disabled groups stands for (unknown names from older versions are ignored). */
export function settingsOf(mailDisabled: readonly string[]): NotificationSettings {
  return { mail: Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, !mailDisabled.includes(group)])) as Record<NotificationGroup, boolean> }
}

/** The actor's own notification settings (every user has them, company or not). */
export async function getNotificationSettings(ctx: ServiceContext): Promise<NotificationSettings> {
  const [row] = await database().select({ mailDisabled: settingsTable.mailDisabled }).from(settingsTable).where(eq(settingsTable.userId, ctx.actor.userId))
  return settingsOf(row?.mailDisabled ?? [])
}

/**
 * Changes the actor's own settings: the groups named in `mail` are turned on or off, the others stay as they were.
 * An unknown group or a value that is not a boolean is a 422 with field messages.
 */
export async function updateNotificationSettings(ctx: ServiceContext, input: UpdateNotificationSettingsInput): Promise<NotificationSettings> {
  const parsed = UpdateNotificationSettingsInput.safeParse(input)
  if (!parsed.success) throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(parsed.error) })
  const userId = ctx.actor.userId
  return database().transaction(async (tx) => {
    await tx.insert(settingsTable).values({ userId }).onConflictDoNothing()
    // Locked so a concurrent change of other groups is not lost (read, change, write).
    const [row] = await tx.select({ mailDisabled: settingsTable.mailDisabled }).from(settingsTable).where(eq(settingsTable.userId, userId)).for('update')
    const disabled = new Set(row?.mailDisabled ?? [])
    for (const [group, mailed] of Object.entries(parsed.data.mail)) {
      if (mailed) disabled.delete(group)
      else disabled.add(group)
    }
    const mailDisabled = NOTIFICATION_GROUPS.filter((group) => disabled.has(group))
    await tx.update(settingsTable).set({ mailDisabled, updatedAt: new Date() }).where(eq(settingsTable.userId, userId))
    return settingsOf(mailDisabled)
  })
}

/** Those among `userIds` whose notices of `group` are mailed (everyone, until they turn the group off). */
export async function usersMailedFor(group: NotificationGroup, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await database()
    .select({ userId: settingsTable.userId, mailDisabled: settingsTable.mailDisabled })
    .from(settingsTable)
    .where(inArray(settingsTable.userId, [...userIds]))
  const off = new Set(rows.filter((row) => row.mailDisabled.includes(group)).map((row) => row.userId))
  return new Set(userIds.filter((userId) => !off.has(userId)))
}
