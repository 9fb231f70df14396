import { Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { requireActor } from '../../../modules/companies/index.server'
import { PipelineBoard } from '../../../modules/sourcing/index'
import { sourcingPipeline } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/purchase'
import { PAGE_MESSAGES } from '../../page-messages'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const board = await withRouteErrors(() => sourcingPipeline(ctx))
  return {
    ...pageData(ctx.locale, 'sourcing', 'pipeline.metaTitle', PAGE_MESSAGES.sourcingPipeline),
    columns: board.columns.map((column) => ({
      stage: column.stage,
      total: column.total,
      cards: column.cards.map(({ updatedAt: _updatedAt, ...card }) => card),
    })),
    cancelled: board.cancelled,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SourcingPipelinePage({ loaderData: data }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'project' || change.entity === 'rfq' || change.entity === 'quotation' || change.entity === 'purchase_order')
  const { t } = useTranslation('sourcing')
  const { locale } = useRootData()
  const empty = data.columns.every((column) => column.total === 0)
  return (
    <AppPage
      title={t('pipeline.title')}
      description={t('pipeline.description')}
      actions={
        <Link to={localizePath(locale, '/app/purchase/projects/create')} className={buttonClasses('primary')}>
          {t('pipeline.newProject')}
        </Link>
      }
    >
      {empty ? (
        <EmptyState title={t('pipeline.empty')} description={t('pipeline.emptyDescription')} />
      ) : (
        <PipelineBoard locale={locale} columns={data.columns} />
      )}
      {data.cancelled > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('pipeline.cancelled', { count: String(data.cancelled) })}{' '}
          <Link to={localizePath(locale, '/app/purchase/projects?status=cancelled')} className="underline underline-offset-4">
            {t('pipeline.showCancelled')}
          </Link>
        </p>
      ) : null}
    </AppPage>
  )
}
