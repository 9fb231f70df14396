// The read model identity publishes (issue 17, ADR 036): the columns of a user other modules may join, filter and sort
// on in one statement (a company's team, the platform's user list, mail recipients). Tables stay private; the view is
// the contract, created by migration 0019. Secrets (passwords, tokens, sessions) are not in it.
import { boolean, pgView, text, timestamp } from 'drizzle-orm/pg-core'
import { LOCALES } from '../../platform/i18n/locales'

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A user as others may list, find and reach them: name, contact, platform role and ban; `language` is the saved
 * language (null when never saved), for mail in the reader's language.
 */
export const userDirectory = pgView('user_directory', {
  id: text('id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull(),
  /** True when the email is a stand-in for a phone-only account and must never be mailed. */
  emailIsPlaceholder: boolean('email_is_placeholder').notNull(),
  image: text('image'),
  phoneNumber: text('phone_number'),
  phoneNumberVerified: boolean('phone_number_verified'),
  twoFactorEnabled: boolean('two_factor_enabled'),
  role: text('role'),
  banned: boolean('banned'),
  banReason: text('ban_reason'),
  banExpires: at('ban_expires'),
  language: text('language', { enum: LOCALES }),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}).existing()
