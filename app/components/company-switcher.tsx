import { Check, Plus, Settings } from 'lucide-react'
import { Form, Link, useLocation } from 'react-router'
import type { ClientCompanies } from '../modules/companies/index'
import { VerifiedBadge } from '../modules/companies/index'
import { type Locale, localizePath } from '../platform/i18n/locales'
import { useTranslation } from '../platform/i18n/react'
import { SpriteIcon } from './ui/sprite-icon'
import { DISCLOSURE_ITEM_CLASS, DisclosureMenu, DisclosureMenuSeparator } from './ui/disclosure-menu'

/** The active company in the top bar; switching posts to /app/switch-company and comes back here. */
export function CompanySwitcher({ companies, locale, deferItems }: { companies: ClientCompanies | null; locale: Locale; deferItems?: boolean }) {
  const { t } = useTranslation('common')
  const location = useLocation()
  const active = companies?.active
  if (!companies || !active) {
    return (
      <Link to={localizePath(locale, '/onboarding')} className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-primary underline">
        <Plus aria-hidden className="size-4" />
        {t('company.create')}
      </Link>
    )
  }
  return (
    <DisclosureMenu
      deferItems={deferItems}
      label={t('company.switcherLabel', { company: active.name })}
      trigger={
        <>
          <SpriteIcon name="building-complex" />
          <span className="max-w-48 truncate" data-testid="active-company">
            {active.name}
          </span>
          {active.verificationStatus === 'accept' ? <VerifiedBadge compact /> : null}
          <SpriteIcon name="chevrons-up-down" className="size-3.5 text-muted-foreground" />
        </>
      }
      align="start"
      className="[&>div]:w-72"
      data-testid="company-switcher"
    >
      <p className="px-2 py-1.5 text-xs text-muted-foreground">{t('company.yourCompanies')}</p>
      {companies.memberships.map((membership) => (
        <Form key={membership.companyId} method="post" action={localizePath(locale, '/app/switch-company')}>
          <input type="hidden" name="companyId" value={membership.companyId} />
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" className={DISCLOSURE_ITEM_CLASS} data-menu-item aria-current={membership.companyId === active.companyId ? 'true' : undefined}>
            {membership.companyId === active.companyId ? <Check aria-hidden /> : <span aria-hidden className="size-4" />}
            <span className="flex min-w-0 flex-1 flex-col items-start">
              <span className="max-w-full truncate">{membership.name}</span>
              <span className="text-xs text-muted-foreground">{t(`company.roles.${membership.role}`)}</span>
            </span>
            {membership.verificationStatus === 'accept' ? <VerifiedBadge compact /> : null}
          </button>
        </Form>
      ))}
      <DisclosureMenuSeparator />
      <Link to={localizePath(locale, '/app/settings')} className={DISCLOSURE_ITEM_CLASS} data-menu-item>
        <Settings aria-hidden />
        {t('company.settings')}
      </Link>
      <Link to={localizePath(locale, '/onboarding')} className={DISCLOSURE_ITEM_CLASS} data-menu-item>
        <Plus aria-hidden />
        {t('company.createAnother')}
      </Link>
    </DisclosureMenu>
  )
}
