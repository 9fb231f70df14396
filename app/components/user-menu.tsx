import { useTranslation } from '../platform/i18n/react'
import { Form, Link } from 'react-router'
import type { ClientSession } from '../modules/identity/index'
import { type Locale, localizePath } from '../platform/i18n/locales'
import { DISCLOSURE_ITEM_CLASS, DisclosureMenu, DisclosureMenuSeparator } from './ui/disclosure-menu'
import { SpriteIcon } from './ui/sprite-icon'
import type { SpriteIconName } from './ui/sprite-icons'
import { useRootData } from './use-root-data'

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => [...part][0] ?? '')
  return (letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? '?')).toUpperCase()
}

/** The signed-in person's menu: who they are, their account pages (and the getting-started guide, also once dismissed), and sign-out (a POST). */
export function UserMenu({ session, locale, deferItems }: { session: ClientSession; locale: Locale; deferItems?: boolean }) {
  const { t } = useTranslation('common')
  const { user } = session
  const { companies } = useRootData()
  const link = (to: string) => localizePath(locale, to)
  const items: Array<{ to: string; label: string; icon: SpriteIconName }> = [
    { to: '/app/dashboard', label: t('nav.dashboard'), icon: 'layout-dashboard' },
    ...(companies?.active ? [{ to: '/app/guide', label: t('nav.guide'), icon: 'compass' as const }] : []),
    { to: '/app/user/preference', label: t('nav.preferences'), icon: 'sliders-horizontal' },
    { to: '/app/user/two-factor', label: t('nav.twoFactor'), icon: 'shield-check' },
    { to: '/app/user/change-password', label: t('nav.changePassword'), icon: 'key-round' },
  ]
  return (
    <DisclosureMenu
      deferItems={deferItems}
      label={t('nav.accountMenu')}
      trigger={
        <>
          <span aria-hidden className="flex size-7 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
            {initials(user.name)}
          </span>
          <span className="hidden max-w-40 truncate sm:inline" data-testid="current-user">
            {user.name}
          </span>
        </>
      }
      className="[&>div]:w-64"
      data-testid="user-menu"
    >
      <div className="px-2 py-1.5">
        <p className="text-xs text-muted-foreground">{t('nav.signedInAs')}</p>
        <p className="truncate text-sm font-medium">{user.name}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email ?? user.phoneNumber}</p>
      </div>
      <DisclosureMenuSeparator />
      <nav aria-label={t('nav.account')}>
        {items.map(({ to, label, icon }) => (
          <Link key={to} to={link(to)} className={DISCLOSURE_ITEM_CLASS} data-menu-item>
            <SpriteIcon name={icon} />
            {label}
          </Link>
        ))}
      </nav>
      <DisclosureMenuSeparator />
      <Form method="post" action={link('/auth/sign-out')}>
        <button type="submit" className={DISCLOSURE_ITEM_CLASS} data-menu-item>
          <SpriteIcon name="log-out" />
          {t('nav.signOut')}
        </button>
      </Form>
    </DisclosureMenu>
  )
}
