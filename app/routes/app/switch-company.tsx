import { redirect } from 'react-router'
import { requireActor, switchActiveCompany } from '../../modules/companies/index.server'
import { localizePath, splitLocalePath } from '../../platform/i18n/locales'
import { withRouteErrors } from '../../platform/forms.server'
import { routeLocale } from '../route-helpers'
import type { Route } from './+types/switch-company'

/** Only paths inside the app may be returned to, never another origin. */
function safeReturnPath(value: FormDataEntryValue | null, fallback: string): string {
  const path = typeof value === 'string' ? value : ''
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : fallback
}

/** The top-bar company switcher posts here; the session then acts for the chosen company. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  await withRouteErrors(() => switchActiveCompany(ctx, String(form.get('companyId') ?? '')))
  const back = safeReturnPath(form.get('returnTo'), localizePath(ctx.locale, '/app/dashboard'))
  // Record pages of one company make no sense for another: go to the area's first page instead.
  const { rest } = splitLocalePath(back)
  const target = /\/[0-9a-f-]{36}(\/|$)/.test(rest) ? localizePath(ctx.locale, '/app/dashboard') : back
  return redirect(target)
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(localizePath(routeLocale(params), '/app/dashboard'))
}
