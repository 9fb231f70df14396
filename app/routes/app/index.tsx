import { redirect } from 'react-router'
import { localizePath } from '../../platform/i18n/locales'
import { routeLocale } from '../route-helpers'
import type { Route } from './+types/index'

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(localizePath(routeLocale(params), '/app/dashboard'))
}
