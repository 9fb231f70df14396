import { useTranslation } from '../platform/i18n/react'
import { Form } from 'react-router'
import { AREAS } from '../platform/areas'
import { type Locale, localizePath } from '../platform/i18n/locales'
import { cn } from './ui/cn'
import { SpriteIcon } from './ui/sprite-icon'

/** The marketplace search box of the header and the home hero; shown once the marketplace exists. */
export function MarketplaceSearch({ locale, size = 'compact' }: { locale: Locale; size?: 'compact' | 'large' }) {
  const { t } = useTranslation('common')
  if (!AREAS.marketplace.available) return null
  return (
    <Form
      method="get"
      action={localizePath(locale, AREAS.marketplace.searchPath)}
      role="search"
      className={cn('flex w-full items-center gap-2', size === 'large' ? 'max-w-2xl' : 'max-w-sm')}
    >
      <label className="relative flex-1">
        <span className="sr-only">{t('search.label')}</span>
        <SpriteIcon name="search" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          type="search"
          name="q"
          placeholder={t('search.placeholder')}
          className={cn(
            'w-full rounded-md border border-input bg-background ps-9 pe-3 text-foreground placeholder:text-muted-foreground',
            size === 'large' ? 'py-3 text-base' : 'py-1.5 text-sm',
          )}
        />
      </label>
      <button
        type="submit"
        className={cn(
          'rounded-md bg-primary font-medium text-primary-foreground hover:bg-primary-hover',
          size === 'large' ? 'px-5 py-3' : 'px-3 py-1.5 text-sm',
        )}
      >
        {t('search.submit')}
      </button>
    </Form>
  )
}
