import type { ReactNode } from 'react'
import type { Locale } from '../../platform/i18n/locales'
import { ColorModeSwitcher } from '../color-mode-switcher'
import { LanguageSwitcher } from '../language-switcher'
import { Logo } from '../logo'

export const ANNO_TITLE_ID = 'anno-title'

/** The `anno` layout: a centred card for signing in and the other authentication steps. */
export function AnnoLayout({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <Logo locale={locale} />
      <main
        id="main"
        className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
        aria-labelledby={ANNO_TITLE_ID}
      >
        {children}
      </main>
      <div className="flex items-center gap-1">
        <LanguageSwitcher current={locale} />
        <ColorModeSwitcher locale={locale} />
      </div>
    </div>
  )
}

/** The heading of an anno card; the card is labelled by it. */
export function AnnoTitle({ children }: { children: ReactNode }) {
  return (
    <h1 id={ANNO_TITLE_ID} className="mb-6 text-xl font-semibold">
      {children}
    </h1>
  )
}
