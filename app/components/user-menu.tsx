import { KeyRound, LayoutDashboard, LogOut, ShieldCheck, SlidersHorizontal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSubmit } from 'react-router'
import type { ClientSession } from '../modules/identity/index'
import { type Locale, localizePath } from '../platform/i18n/locales'
import { Button } from './ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from './ui/dropdown-menu'

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => [...part][0] ?? '')
  return (letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? '?')).toUpperCase()
}

/** The signed-in person's menu: who they are, their account pages, and sign-out (a POST). */
export function UserMenu({ session, locale }: { session: ClientSession; locale: Locale }) {
  const { t } = useTranslation('common')
  const submit = useSubmit()
  const { user } = session
  const link = (to: string) => localizePath(locale, to)
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('nav.accountMenu')} data-testid="user-menu">
          <span aria-hidden className="flex size-7 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
            {initials(user.name)}
          </span>
          <span className="hidden max-w-40 truncate sm:inline" data-testid="current-user">
            {user.name}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-muted-foreground">{t('nav.signedInAs')}</span>
          <span className="block truncate font-medium">{user.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email ?? user.phoneNumber}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={link('/app/dashboard')}>
            <LayoutDashboard aria-hidden />
            {t('nav.dashboard')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={link('/app/user/preference')}>
            <SlidersHorizontal aria-hidden />
            {t('nav.preferences')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={link('/app/user/two-factor')}>
            <ShieldCheck aria-hidden />
            {t('nav.twoFactor')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={link('/app/user/change-password')}>
            <KeyRound aria-hidden />
            {t('nav.changePassword')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => submit(null, { method: 'post', action: link('/auth/sign-out') })}>
          <LogOut aria-hidden />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
