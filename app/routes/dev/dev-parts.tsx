import { useState } from 'react'
import { NavLink } from 'react-router'
import { Button } from '../../components/ui/button'
import { cn } from '../../components/ui/cn'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { useRootData } from '../route-helpers'

/** The developer hub's own navigation: overview, keys, webhooks, and the API reference. */
export function DevNav() {
  const { t } = useTranslation('developers')
  const { locale } = useRootData()
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
      isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
    )
  return (
    <nav aria-label={t('nav.label')} className="flex flex-wrap gap-1 border-b border-border pb-2">
      <NavLink end to={localizePath(locale, '/dev')} className={tab}>
        {t('nav.home')}
      </NavLink>
      <NavLink to={localizePath(locale, '/dev/list')} className={tab}>
        {t('nav.keys')}
      </NavLink>
      <NavLink to={localizePath(locale, '/dev/edit')} className={tab}>
        {t('nav.webhooks')}
      </NavLink>
      <a href="/api/docs" className={tab({ isActive: false })}>
        {t('nav.reference')}
      </a>
    </nav>
  )
}

/** Code or a secret to copy: scrolls sideways inside itself on a narrow screen, never the page. */
export function CodeBlock({ code, label, copyable = true }: { code: string; label: string; copyable?: boolean }) {
  const { t } = useTranslation('developers')
  const [copied, setCopied] = useState(false)
  return (
    <figure className="relative min-w-0">
      <figcaption className="sr-only">{label}</figcaption>
      <pre tabIndex={0} aria-label={label} className="max-w-full overflow-x-auto rounded-md border border-border bg-muted p-3 pe-20 text-xs leading-relaxed">
        <code>{code}</code>
      </pre>
      {copyable ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="absolute top-2 end-2"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => setCopied(true))
          }}
        >
          <span aria-live="polite">{copied ? t('keys.copied') : t('keys.copy')}</span>
        </Button>
      ) : null}
    </figure>
  )
}
