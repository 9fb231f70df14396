import type { ReactNode } from 'react'
import type { Locale } from '../../platform/i18n/locales'
import { LanguageSwitcher } from '../language-switcher'
import { Logo } from '../logo'

/** The `anno` layout: a centred card for signing in and the other authentication steps. */
export function AuthLayout({ locale, title, children }: { locale: Locale; title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <Logo locale={locale} />
      <main id="main" className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="auth-title">
        <h1 id="auth-title" className="mb-6 text-xl font-semibold">
          {title}
        </h1>
        {children}
      </main>
      <LanguageSwitcher current={locale} />
    </div>
  )
}
