import { data } from 'react-router'
import { translator } from '../platform/i18n/translate.server'
import { routeLocale } from './route-helpers'
import type { Route } from './+types/not-found'

export async function loader({ request, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname
  throw data(translator(routeLocale(params))('errors.pageNotFound', { path }), { status: 404 })
}

export default function NotFound() {
  return null
}
