import { env } from '../../platform/env.server'
import { LOCALE_ENTRIES, type Locale, localizePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { renderMail } from '../../platform/mail/layout.server'
import type { OutgoingMail } from '../../platform/mail/mailer.server'
import type { Decision } from './supplier.inputs'

export type VerificationDecisionMailContent = {
  to: string
  name: string
  companyName: string
  decision: Decision
  note: string
}

/** Where the supplier sees the decision and, after a rejection, applies again. */
export function supplierOnboardingLink(locale: Locale): string {
  return `${env().PUBLIC_URL}${localizePath(locale, '/app/supplier/onboarding')}`
}

/** The reviewer's decision on a verification application, in the recipient's language. */
export function verificationDecisionMail(locale: Locale, content: VerificationDecisionMailContent): OutgoingMail {
  const t = translator(locale, 'suppliers')
  const vars = { company: content.companyName, name: content.name }
  const subject = t(`mail.${content.decision}.subject`, vars)
  const paragraphs = [t(`mail.${content.decision}.body`, vars)]
  if (content.note) paragraphs.push(t('mail.note', { note: content.note }))
  const { html, text } = renderMail({
    lang: LOCALE_ENTRIES[locale].language,
    preview: subject,
    greeting: t('mail.greeting', vars),
    paragraphs,
    action: { label: t(`mail.${content.decision}.action`), url: supplierOnboardingLink(locale) },
    footer: t('mail.footer'),
  })
  return { to: content.to, subject, html, text }
}
