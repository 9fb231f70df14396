import { Link, useFetcher } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { useRootData } from '../../../components/use-root-data'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { AssistantCard, DraftCard, SupplierCardItem } from '../assistant-cards'
import { DRAFT_FIELDS } from '../assistant.constants'

// The tool results beside the assistant's words (issue 23): what it found, read and drafted, each with its way on.
// Drafts and "add to shortlist" post to the chat page's action: nothing is written without the user's click.

export type ProjectChoice = { id: string; number: string; name: string }
type ActionResult = { ok: true; card?: DraftCard; shortlisted?: string } | { ok: false; formError?: { message: string } }

const frame = 'flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-3 text-sm'
const heading = 'text-sm font-semibold'

export function AssistantCards({ cards, projects, canBuy }: { cards: AssistantCard[]; projects: ProjectChoice[]; canBuy: boolean }) {
  if (cards.length === 0) return null
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {cards.map((card, index) => (
        <CardView key={card.kind === 'draft' ? card.draftId : `${card.kind}-${index}`} card={card} projects={projects} canBuy={canBuy} />
      ))}
    </div>
  )
}

function CardView({ card, projects, canBuy }: { card: AssistantCard; projects: ProjectChoice[]; canBuy: boolean }) {
  const { t } = useTranslation('assistant')
  const { locale } = useRootData()
  const format = useFormatter()
  const path = (to: string) => localizePath(locale, to)
  switch (card.kind) {
    case 'products':
      return (
        <section className={frame} aria-label={t('cards.products', { query: card.query })}>
          <h3 className={heading}>{t('cards.products', { query: card.query })}</h3>
          {card.items.length === 0 ? <p className="text-muted-foreground">{t('cards.noProducts')}</p> : null}
          <ul className="grid gap-2 sm:grid-cols-2">
            {card.items.map((item) => (
              <li key={item.id} className="flex min-w-0 flex-col gap-0.5 rounded-md border border-border p-2">
                <Link to={path(item.path)} className="font-medium break-words text-primary underline-offset-4 hover:underline">
                  {item.name}
                </Link>
                <span className="flex flex-wrap items-center gap-1 text-muted-foreground">
                  {item.supplierName}
                  {item.supplierVerified ? <Badge variant="accept">{t('cards.verified')}</Badge> : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  {[
                    item.price ? t('cards.from', { price: format.money(item.price.amount, item.price.currency) }) : null,
                    item.moq ? t('cards.moq', { moq: format.number(item.moq), unit: item.unit ?? '' }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
          <Link to={path(card.morePath)} className="text-primary underline underline-offset-4">
            {t('cards.productsMore', { count: card.total })}
          </Link>
        </section>
      )
    case 'suppliers':
      return (
        <section className={frame} aria-label={t('cards.suppliers', { query: card.query })}>
          <h3 className={heading}>{t('cards.suppliers', { query: card.query })}</h3>
          {card.items.length === 0 ? <p className="text-muted-foreground">{t('cards.noSuppliers')}</p> : null}
          <ul className="flex flex-col divide-y divide-border">
            {card.items.map((item) => (
              <SupplierRow key={item.id} item={item} projectId={card.projectId} canBuy={canBuy} />
            ))}
          </ul>
          {canBuy && !card.projectId && card.items.length > 0 ? (
            <p className="text-muted-foreground">
              {t('cards.needProject')}{' '}
              <Link to={path('/app/purchase/projects/create')} className="text-primary underline underline-offset-4">
                {t('cards.createProject')}
              </Link>
            </p>
          ) : null}
          <Link to={path(card.morePath)} className="text-primary underline underline-offset-4">
            {t('cards.suppliersMore')}
          </Link>
        </section>
      )
    case 'hs_codes':
      return (
        <section className={frame} aria-label={t('cards.hsCodes', { description: card.description })}>
          <h3 className={heading}>{t('cards.hsCodes', { description: card.description })}</h3>
          <ul className="flex flex-col gap-1">
            {card.items.map((item) => (
              <li key={item.code} className="flex min-w-0 flex-wrap gap-x-2">
                <Link to={path(item.path)} className="font-mono font-medium text-primary underline-offset-4 hover:underline">
                  {item.code}
                </Link>
                <span className="min-w-0 break-words">{item.description}</span>
                <span className="text-xs text-muted-foreground">{t('cards.fit', { value: format.percent(item.confidence) })}</span>
              </li>
            ))}
          </ul>
        </section>
      )
    case 'prices':
      return (
        <section className={frame} aria-label={t('cards.prices', { query: card.query })}>
          <h3 className={heading}>{t('cards.prices', { query: card.query })}</h3>
          <p>
            {card.count > 0 && card.median && card.low && card.high
              ? t('cards.pricesBody', {
                  count: card.count,
                  median: format.money(card.median, card.currency),
                  low: format.money(card.low, card.currency),
                  high: format.money(card.high, card.currency),
                })
              : t('cards.noPrices')}
          </p>
          <Link to={path(card.path)} className="text-primary underline underline-offset-4">
            {t('cards.openResearch')}
          </Link>
        </section>
      )
    case 'comparison':
      return (
        <section className={frame} aria-label={t('cards.comparison', { number: card.rfq.number })}>
          <h3 className={heading}>{t('cards.comparison', { number: card.rfq.number })}</h3>
          <p className="text-muted-foreground">
            {card.rfq.title} · {t('cards.quotations', { count: card.quotations })}
          </p>
          {card.cheapest === null && card.fastest === null && card.risks.length === 0 ? <p>{t('cards.sealed')}</p> : null}
          <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {card.cheapest ? (
              <>
                <dt className="text-muted-foreground">{t('cards.cheapest')}</dt>
                <dd>
                  {card.cheapest.supplier} · {format.money(card.cheapest.total.amount, card.cheapest.total.currency)}
                </dd>
              </>
            ) : null}
            {card.fastest ? (
              <>
                <dt className="text-muted-foreground">{t('cards.fastest')}</dt>
                <dd>
                  {card.fastest.supplier} · {t('cards.days', { count: card.fastest.leadTimeDays })}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t('cards.risks')}</dt>
            <dd>
              {card.risks.length === 0 ? (
                t('cards.noRisks')
              ) : (
                <ul className="list-disc ps-5">
                  {card.risks.map((risk) => (
                    <li key={`${risk.supplier}-${risk.code}`}>{t(`builtin.risk.${risk.code}`, { supplier: risk.supplier })}</li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
          <Link to={path(card.rfq.path)} className="text-primary underline underline-offset-4">
            {t('cards.openComparison')}
          </Link>
        </section>
      )
    case 'order':
      return (
        <section className={frame} aria-label={t('cards.order', { number: card.number })}>
          <h3 className={heading}>{t('cards.order', { number: card.number })}</h3>
          <p>
            {card.supplier} · <Badge variant="secondary">{t(`orderStatus.${card.status}`)}</Badge> · {format.money(card.total.amount, card.total.currency)}
          </p>
          {card.expectedOn ? (
            <p className="text-muted-foreground">{t('cards.requestedDelivery', { date: format.date(`${card.expectedOn}T00:00:00Z`) })}</p>
          ) : null}
          <Link to={path(card.path)} className="text-primary underline underline-offset-4">
            {t('cards.openOrder')}
          </Link>
        </section>
      )
    case 'project':
      return (
        <section className={frame} aria-label={t('cards.project', { number: card.number })}>
          <h3 className={heading}>{t('cards.project', { number: card.number })}</h3>
          <p>
            {card.name} · <Badge variant="secondary">{t(`projectStatus.${card.status}`)}</Badge>
          </p>
          <p className="text-muted-foreground">
            {t('cards.requirements', { count: card.requirements })} · {t('cards.awarded', { count: card.awarded })}
            {card.deadline ? ` · ${t('cards.deadline', { date: format.date(`${card.deadline}T00:00:00Z`) })}` : ''}
          </p>
          <Link to={path(card.path)} className="text-primary underline underline-offset-4">
            {t('cards.openProject')}
          </Link>
        </section>
      )
    case 'rfq':
      return (
        <section className={frame} aria-label={t('cards.rfq', { number: card.number })}>
          <h3 className={heading}>{t('cards.rfq', { number: card.number })}</h3>
          <p>
            {card.title} · <Badge variant="secondary">{t(`rfqStatus.${card.status}`)}</Badge> · {t('cards.quotations', { count: card.quotations })}
          </p>
          {card.deadline ? <p className="text-muted-foreground">{t('cards.quoteDeadline', { date: format.dateTime(card.deadline) })}</p> : null}
          <Link to={path(card.path)} className="text-primary underline underline-offset-4">
            {t('cards.openRfq')}
          </Link>
        </section>
      )
    case 'draft':
      return <DraftView card={card} projects={projects} />
  }
}

function SupplierRow({ item, projectId, canBuy }: { item: SupplierCardItem; projectId: string | null; canBuy: boolean }) {
  const { t } = useTranslation('assistant')
  const { locale } = useRootData()
  const fetcher = useFetcher<ActionResult>()
  const added = item.shortlisted || (fetcher.data?.ok === true && fetcher.data.shortlisted === item.id)
  return (
    <li className="flex min-w-0 flex-wrap items-center justify-between gap-2 py-2">
      <span className="flex min-w-0 flex-col">
        <Link to={localizePath(locale, item.path)} className="font-medium break-words text-primary underline-offset-4 hover:underline">
          {item.name}
        </Link>
        <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
          {item.country ? <span>{item.country}</span> : null}
          {item.verified ? <Badge variant="accept">{t('cards.verified')}</Badge> : null}
          {item.matchingProducts > 0 ? <span>{t('cards.matching', { count: item.matchingProducts })}</span> : null}
        </span>
      </span>
      {canBuy && projectId ? (
        added ? (
          <Badge variant="secondary">{t('cards.shortlisted')}</Badge>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="shortlist" />
            <input type="hidden" name="projectId" value={projectId} />
            <input type="hidden" name="supplierId" value={item.id} />
            <Button type="submit" size="sm" variant="secondary" disabled={fetcher.state !== 'idle'} aria-label={`${t('cards.addToShortlist')}: ${item.name}`}>
              {fetcher.state !== 'idle' ? t('cards.adding') : t('cards.addToShortlist')}
            </Button>
          </fetcher.Form>
        )
      ) : null}
      {fetcher.data?.ok === false && fetcher.data.formError ? <p className="w-full text-destructive">{fetcher.data.formError.message}</p> : null}
    </li>
  )
}

function DraftView({ card: initial, projects }: { card: DraftCard; projects: ProjectChoice[] }) {
  const { t } = useTranslation('assistant')
  const { locale } = useRootData()
  const format = useFormatter()
  const fetcher = useFetcher<ActionResult>()
  const card = fetcher.data?.ok === true && fetcher.data.card?.draftId === initial.draftId ? fetcher.data.card : initial
  const created = card.status === 'created' ? card.created : null
  const needsProject = card.target !== 'rfq'
  const value = (field: (typeof DRAFT_FIELDS)[number]) => {
    const raw = card.fields[field]
    if (raw === undefined || raw === '') return null
    if (field === 'supplier_ids') return t('draft.suppliers', { count: Array.isArray(raw) ? raw.length : 0 })
    if (field === 'quantity') return format.number(Number(raw))
    if (field === 'unit') return t(`units.${String(raw)}`, { defaultValue: String(raw) })
    if (field === 'required_by' || field === 'delivery_date' || field === 'quote_deadline') return format.date(`${String(raw)}T00:00:00Z`)
    return String(raw)
  }
  return (
    <section className={`${frame} border-primary/40`} aria-label={t(`draft.title.${card.target}`)}>
      <h3 className={heading}>{t(`draft.title.${card.target}`)}</h3>
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {DRAFT_FIELDS.map((field) => {
          const shown = value(field)
          return shown === null ? null : (
            <div key={field} className="contents">
              <dt className="text-muted-foreground">{t(`draft.fields.${field}`)}</dt>
              <dd className="min-w-0 break-words">{shown}</dd>
            </div>
          )
        })}
      </dl>
      {created ? (
        <p role="status" className="flex flex-wrap items-center gap-2 font-medium text-success">
          {t(`draft.created.${card.target}`)}
          <Link to={localizePath(locale, created.path)} className={buttonClasses('secondary', undefined, 'sm')}>
            {created.number ? `${t('draft.open')} (${created.number})` : t('draft.open')}
          </Link>
        </p>
      ) : (
        <fetcher.Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="draftId" value={card.draftId} />
          {needsProject ? (
            <label className="flex flex-col gap-1">
              <span className="text-muted-foreground">{t('draft.project')}</span>
              <NativeSelect name="projectId" defaultValue={projects[0]?.id ?? ''}>
                {projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {`${project.number} · ${project.name}`}
                  </option>
                ))}
                <option value="">{t('draft.newProject')}</option>
              </NativeSelect>
            </label>
          ) : null}
          <p className="text-muted-foreground">{t('draft.review')}</p>
          {fetcher.data?.ok === false && fetcher.data.formError ? <p className="text-destructive">{fetcher.data.formError.message}</p> : null}
          <div>
            <Button type="submit" disabled={fetcher.state !== 'idle'}>
              {fetcher.state !== 'idle' ? t('draft.creating') : t(`draft.create.${card.target}`)}
            </Button>
          </div>
        </fetcher.Form>
      )}
    </section>
  )
}
