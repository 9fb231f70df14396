import { LOCALE_ENTRIES, type Locale } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { renderMail } from '../../platform/mail/layout.server'
import type { OutgoingMail } from '../../platform/mail/mailer.server'
import type { AuthMailKind } from './auth.inputs'

type Recipient = { email: string; name: string }

function build(locale: Locale, to: Recipient, kind: AuthMailKind, extra: { url?: string; code?: string; minutes: number }): OutgoingMail {
  const t = translator(locale, 'identity')
  const vars = { name: to.name, minutes: extra.minutes, hours: Math.round(extra.minutes / 60) }
  const { html, text } = renderMail({
    lang: LOCALE_ENTRIES[locale].language,
    preview: t(`mail.${kind}.subject`),
    greeting: t('mail.greeting', vars),
    paragraphs: [t(`mail.${kind}.body`, vars), t(`mail.${kind}.expiry`, vars)],
    action: extra.url ? { label: t(`mail.${kind}.action`), url: extra.url } : undefined,
    code: extra.code,
    footer: t('mail.footer'),
  })
  return { to: to.email, subject: t(`mail.${kind}.subject`), html, text }
}

export function verificationMail(locale: Locale, to: Recipient, url: string, minutes: number): OutgoingMail {
  return build(locale, to, 'verification', { url, minutes })
}

export function signInCodeMail(locale: Locale, to: Recipient, code: string, minutes: number): OutgoingMail {
  return build(locale, to, 'code', { code, minutes })
}

export function recoveryMail(locale: Locale, to: Recipient, url: string, minutes: number): OutgoingMail {
  return build(locale, to, 'recovery', { url, minutes })
}

export function phoneCodeText(locale: Locale, code: string, minutes: number): string {
  return translator(locale, 'identity')('sms.code', { code, minutes })
}
