import { Globe2, Pencil } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { buttonClasses } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useFormatter } from '../../../components/use-formatter'
import type { Locale } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { OfferingPriceBasis, OrderableService } from '../orders.constants'
import { OfferingAreas, OfferingLeadTime, OfferingPrice } from './offering-summary'

/** One offering as the provider's own list shows it. */
export type OfferingRow = {
  id: string
  serviceType: OrderableService
  title: string
  description: string
  worldwide: boolean
  countries: string[]
  price: string | null
  currency: string | null
  priceBasis: OfferingPriceBasis | null
  leadTimeDays: number
  updatedAt: string
  editHref: string
}

/** The provider's offerings as cards: service, areas, price, lead time; edit and delete (behind a confirmation) for managers. */
export function ServiceOfferingList({ rows, locale, canManage, label }: { rows: OfferingRow[]; locale: Locale; canManage: boolean; label: string }) {
  const { t } = useTranslation('offerings')
  const { t: tServices } = useTranslation('services')
  const format = useFormatter()
  return (
    <ul aria-label={label} className="grid gap-4 lg:grid-cols-2">
      {rows.map((row) => (
        <li key={row.id} className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground" data-offering={row.id}>
          <div className="flex min-w-0 flex-col gap-1">
            <div>
              <Badge variant="outline">{tServices(`types.${row.serviceType}.name`)}</Badge>
            </div>
            <h3 className="text-base font-semibold break-words">{row.title}</h3>
            {row.description ? <p className="line-clamp-3 text-sm break-words text-muted-foreground">{row.description}</p> : null}
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">{t('list.areas')}</dt>
            <dd className="flex min-w-0 items-start gap-1 break-words">
              {row.worldwide ? <Globe2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : null}
              <span>
                <OfferingAreas locale={locale} areas={row} />
              </span>
            </dd>
            <dt className="text-muted-foreground">{t('list.price')}</dt>
            <dd>
              <OfferingPrice offering={row} />
            </dd>
            <dt className="text-muted-foreground">{t('list.leadTime')}</dt>
            <dd>
              <OfferingLeadTime days={row.leadTimeDays} />
            </dd>
          </dl>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">{t('list.updated', { date: format.date(row.updatedAt) })}</p>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                <Link to={row.editHref} className={buttonClasses('secondary')}>
                  <Pencil aria-hidden="true" />
                  {t('list.edit')}
                  <span className="sr-only">{`: ${row.title}`}</span>
                </Link>
                <ConfirmDialog
                  triggerLabel={
                    <>
                      {t('delete.trigger')}
                      <span className="sr-only">{`: ${row.title}`}</span>
                    </>
                  }
                  title={t('delete.title', { title: row.title })}
                  description={t('delete.description')}
                  confirmLabel={t('delete.confirm')}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={row.id} />
                </ConfirmDialog>
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
