import { useTranslation } from '../platform/i18n/react'
import { Link } from 'react-router'
import { type Locale, localizePath } from '../platform/i18n/locales'

export function Logo({ locale }: { locale: Locale }) {
  const { t } = useTranslation('common')
  return (
    <Link to={localizePath(locale, '/')} className="flex items-center gap-2 font-semibold text-foreground">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{t('app.name')}</span>
    </Link>
  )
}
