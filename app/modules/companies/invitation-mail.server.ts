import { env } from '../../platform/env.server'
import { LOCALE_ENTRIES, type Locale, localizePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { renderMail } from '../../platform/mail/layout.server'
import type { OutgoingMail } from '../../platform/mail/mailer.server'
import type { InvitableRole } from './companies.constants'

export type InvitationMailContent = {
  to: string
  inviterName: string
  companyName: string
  role: InvitableRole
  secret: string
  validDays: number
}

/** The join page's address for an invitation secret, in the invitee's language. */
export function invitationLink(locale: Locale, secret: string): string {
  return `${env().PUBLIC_URL}${localizePath(locale, '/app/team/join')}?token=${encodeURIComponent(secret)}`
}

/** The invitation mail, written in the invitee's language. */
export function invitationMail(locale: Locale, content: InvitationMailContent): OutgoingMail {
  const t = translator(locale, 'team')
  const vars = { inviter: content.inviterName, company: content.companyName, role: t(`roles.${content.role}`), days: content.validDays }
  const subject = t('mail.subject', vars)
  const { html, text } = renderMail({
    lang: LOCALE_ENTRIES[locale].language,
    preview: subject,
    greeting: t('mail.greeting'),
    paragraphs: [t('mail.body', vars), t('mail.expiry', vars), t('mail.accountHint', { email: content.to })],
    action: { label: t('mail.action'), url: invitationLink(locale, content.secret) },
    footer: t('mail.footer'),
  })
  return { to: content.to, subject, html, text }
}
