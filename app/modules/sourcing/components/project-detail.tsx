import { Form, Link } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Money } from '../../../components/money'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { MANUAL_PROJECT_ACTIONS, type ManualProjectAction } from '../project.inputs'
import type { ProjectBudget } from '../project-budget.service.server'
import type { ProjectSummary } from '../project.service.server'
import { ProjectBudgetChart } from './project-budget-chart'
import { ProjectStatusBadge } from './project-status-badge'
import { RequirementStatusBadge } from './requirement-status-badge'

/** The saves the project forms redirect here with (`?saved=created|updated`). */
export const PROJECT_SAVES = ['created', 'updated'] as const
export type ProjectSave = (typeof PROJECT_SAVES)[number]
/** What the page reports as done (`projects:done.*`): the form's save, or a step taken. */
export const PROJECT_DONE = [...PROJECT_SAVES, ...MANUAL_PROJECT_ACTIONS] as const

export type ProjectActionResult =
  { ok: true; done: ManualProjectAction } | { ok: false; fieldErrors: Record<string, string[]>; formError?: FormErrorData; action?: string } | undefined

const day = (date: string) => `${date}T12:00:00Z`

/** A purchase project's page: overview with its steps, spend, budget per requirement, requirements, RFQs, awarded orders and timeline. */
export function ProjectDetail({
  summary,
  budget,
  locale,
  result,
  saved,
}: {
  summary: ProjectSummary
  budget: ProjectBudget
  locale: Locale
  result: ProjectActionResult
  saved: ProjectSave | null
}) {
  const { t } = useTranslation('projects')
  const format = useFormatter()
  const { project, spend } = summary
  const link = (path: string) => localizePath(locale, path)
  const reasonErrors = result && !result.ok ? result.fieldErrors.reason?.map((key) => t(key)) : undefined
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold">{t('detail.title', { number: project.number, name: project.name })}</h1>
            <ProjectStatusBadge status={project.status} />
          </div>
          {project.description ? <p className="max-w-prose text-sm whitespace-pre-line text-muted-foreground">{project.description}</p> : null}
          {project.statusReason ? <p className="text-sm">{t('detail.statusReason', { reason: project.statusReason })}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {project.editable ? (
            <>
              {/* The project's next moves: suppliers for its requirements, then an RFQ to them. */}
              <Link to={link(`/app/sourcing/find?project=${project.id}`)} className={buttonClasses('secondary')}>
                {t('detail.findSuppliers')}
              </Link>
              {summary.requirements.some((requirement) => requirement.status === 'open') ? (
                <Link to={link(`/app/sourcing/rfq?new=1&project=${project.id}`)} className={buttonClasses('primary')}>
                  {t('detail.sendRfq')}
                </Link>
              ) : null}
              <Link to={link(`/app/purchase/projects/edit/${project.id}`)} className={buttonClasses('secondary')}>
                {t('detail.edit')}
              </Link>
            </>
          ) : null}
          <Link to={link('/app/purchase/projects')} className={buttonClasses('ghost')}>
            {t('detail.backToList')}
          </Link>
        </div>
      </div>

      <div aria-live="polite" className="empty:hidden">
        {saved && !result ? <Alert tone="success">{t(`done.${saved}`)}</Alert> : null}
        {result?.ok ? <Alert tone="success">{t(`done.${result.done}`)}</Alert> : null}
        {result && !result.ok && result.formError ? <FormError error={result.formError} /> : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.overview')}</CardTitle>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('detail.currency')}</dt>
            <dd>{project.currency}</dd>
            <dt className="text-muted-foreground">{t('detail.budget')}</dt>
            <dd>{project.budget ? format.money(project.budget, project.currency) : t('detail.notSet')}</dd>
            <dt className="text-muted-foreground">{t('detail.deadline')}</dt>
            <dd>{project.deadline ? format.date(day(project.deadline)) : t('detail.notSet')}</dd>
            <dt className="text-muted-foreground">{t('detail.created')}</dt>
            <dd>{format.dateTime(project.createdAt)}</dd>
          </dl>
          {project.actions.length > 0 ? (
            <div className="flex flex-col gap-3 border-t border-border pt-3">
              <h3 className="text-sm font-medium">{t('detail.steps')}</h3>
              <div className="flex flex-wrap items-start gap-2">
                {project.actions
                  .filter((action) => action !== 'cancel')
                  .map((action) => (
                    <Form method="post" key={action}>
                      <input type="hidden" name="intent" value="transition" />
                      <input type="hidden" name="action" value={action} />
                      <input type="hidden" name="version" value={project.version} />
                      <Button type="submit" variant={action === 'activate' ? 'primary' : 'secondary'}>
                        {t(`actions.${action}`)}
                      </Button>
                    </Form>
                  ))}
              </div>
              {project.actions.includes('cancel') ? (
                <div>
                  <ConfirmDialog
                    triggerLabel={t('confirm.cancelTrigger')}
                    title={t('confirm.cancelTitle', { name: project.name })}
                    description={t('confirm.cancelDescription')}
                    confirmLabel={t('actions.cancel')}
                    open={reasonErrors !== undefined}
                  >
                    <input type="hidden" name="intent" value="transition" />
                    <input type="hidden" name="action" value="cancel" />
                    <input type="hidden" name="version" value={project.version} />
                    <FormField label={t('detail.cancelReason')} errors={reasonErrors}>
                      {(control) => <Textarea name="reason" rows={3} maxLength={1000} required {...control} />}
                    </FormField>
                  </ConfirmDialog>
                </div>
              ) : null}
            </div>
          ) : null}
        </Card>

        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.spend')}</CardTitle>
          <CardDescription>{t('detail.spendDescription', { currency: spend.currency })}</CardDescription>
          <p className="text-lg font-semibold">
            {spend.budget
              ? t('detail.spendOfBudget', { spent: format.money(spend.spent, spend.currency), budget: format.money(spend.budget, spend.currency) })
              : format.money(spend.spent, spend.currency)}
          </p>
          {spend.ratio !== null ? (
            <>
              <div className="h-3 overflow-hidden rounded bg-muted" aria-hidden="true">
                <div
                  className={spend.ratio > 1 ? 'h-full bg-destructive' : 'h-full bg-primary'}
                  style={{ width: `${Math.min(100, Math.round(spend.ratio * 100))}%` }}
                />
              </div>
              <p className="text-sm">
                {spend.ratio > 1
                  ? t('detail.overBudget', { percent: format.percent(spend.ratio) })
                  : t('detail.budgetUsed', { percent: format.percent(spend.ratio) })}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t('detail.noBudget')}</p>
          )}
          {spend.unconverted.length > 0 ? (
            <p className="text-sm text-destructive">{t('detail.unconverted', { currencies: spend.unconverted.join(', ') })}</p>
          ) : null}
          {spend.ratesAsOf ? <p className="text-xs text-muted-foreground">{t('detail.ratesAsOf', { date: format.date(day(spend.ratesAsOf)) })}</p> : null}
        </Card>
      </div>

      <ProjectBudgetChart budget={budget} />

      <Card className="flex flex-col gap-3 p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('detail.requirements')}</CardTitle>
          {project.editable ? (
            <div className="flex flex-wrap gap-2">
              <Link to={link(`/app/purchase/projects/requirements/create?project=${project.id}`)} className={buttonClasses('secondary', undefined, 'sm')}>
                {t('detail.addRequirement')}
              </Link>
              <Link to={link(`/app/purchase/projects/requirements/bulk-manage/${project.id}`)} className={buttonClasses('secondary', undefined, 'sm')}>
                {t('detail.bulkManage')}
              </Link>
            </div>
          ) : null}
        </div>
        {summary.requirements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noRequirements')}</p>
        ) : (
          <Table aria-label={t('detail.requirements')} stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('requirements.columns.title')}</TableHead>
                <TableHead className="text-end">{t('requirements.columns.quantity')}</TableHead>
                <TableHead className="text-end">{t('requirements.columns.targetPrice')}</TableHead>
                <TableHead>{t('requirements.columns.requiredBy')}</TableHead>
                <TableHead>{t('requirements.columns.status')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.requirements.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Link to={link(`/app/purchase/projects/requirements/view/${row.id}`)} className="underline-offset-4 hover:underline">
                      {row.title}
                    </Link>
                  </TableCell>
                  <TableCell label={t('requirements.columns.quantity')} className="text-end whitespace-nowrap">
                    {format.number(row.quantity)} {row.unit}
                  </TableCell>
                  <TableCell label={t('requirements.columns.targetPrice')} className="text-end whitespace-nowrap">
                    {row.targetUnitPrice && row.targetCurrency ? <Money amount={row.targetUnitPrice} currency={row.targetCurrency} unitPrice /> : '—'}
                  </TableCell>
                  <TableCell label={t('requirements.columns.requiredBy')} className="whitespace-nowrap">
                    {row.requiredBy ? format.date(day(row.requiredBy)) : '—'}
                  </TableCell>
                  <TableCell label={t('requirements.columns.status')}>
                    <RequirementStatusBadge status={row.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.rfqs')}</CardTitle>
          {summary.rfqs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('detail.noRfqs')}</p>
          ) : (
            <Table aria-label={t('detail.rfqs')} stackOnPhone>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('detail.rfqColumns.number')}</TableHead>
                  <TableHead>{t('detail.rfqColumns.status')}</TableHead>
                  <TableHead>{t('detail.rfqColumns.deadline')}</TableHead>
                  <TableHead className="text-end">{t('detail.rfqColumns.quotations')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {summary.rfqs.map((rfq) => (
                  <TableRow key={rfq.id}>
                    <TableCell>
                      <Link to={link(`/app/sourcing/rfq/${rfq.id}`)} className="font-mono text-xs underline-offset-4 hover:underline">
                        {rfq.number}
                      </Link>
                      <span className="block text-xs text-muted-foreground">{rfq.title}</span>
                    </TableCell>
                    <TableCell label={t('detail.rfqColumns.status')}>
                      {t(`rfqStatus.${rfq.status}`)}
                      {rfq.sealed ? <span className="block text-xs text-muted-foreground">{t('detail.sealed')}</span> : null}
                    </TableCell>
                    <TableCell label={t('detail.rfqColumns.deadline')} className="whitespace-nowrap">
                      {format.dateTime(rfq.quoteDeadline)}
                    </TableCell>
                    <TableCell label={t('detail.rfqColumns.quotations')} className="text-end">
                      {format.number(rfq.quotationCount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>

        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.orders')}</CardTitle>
          {summary.orders.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('detail.noOrders')}</p>
          ) : (
            <Table aria-label={t('detail.orders')} stackOnPhone>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('detail.orderColumns.supplier')}</TableHead>
                  <TableHead className="text-end">{t('detail.orderColumns.lines')}</TableHead>
                  <TableHead className="text-end">{t('detail.orderColumns.amount')}</TableHead>
                  <TableHead>{t('detail.orderColumns.order')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {summary.orders.map((order) => (
                  <TableRow key={`${order.purchaseOrderId ?? ''}|${order.supplierCompanyId}|${order.currency}`}>
                    <TableCell>{order.supplierName}</TableCell>
                    <TableCell label={t('detail.orderColumns.lines')} className="text-end">
                      {format.number(order.lineCount)}
                    </TableCell>
                    <TableCell label={t('detail.orderColumns.amount')} className="text-end whitespace-nowrap">
                      <Money amount={order.amount} currency={order.currency} />
                    </TableCell>
                    <TableCell label={t('detail.orderColumns.order')}>
                      {order.purchaseOrderId ? (
                        <Link to={link(`/app/orders/${order.purchaseOrderId}/view`)} className="underline-offset-4 hover:underline">
                          {t('detail.viewOrder')}
                        </Link>
                      ) : (
                        t('detail.orderPending')
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      </div>

      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('detail.timeline')}</CardTitle>
        <ol className="flex flex-col gap-2 text-sm">
          {[...summary.events].reverse().map((event) => (
            <li key={event.id} className="flex flex-col border-s-2 border-border ps-3">
              <span className="font-medium">{t(`events.${event.type}`, eventParams(event.data))}</span>
              <span className="text-xs text-muted-foreground">
                {format.dateTime(event.createdAt)}
                {event.actorName ? ` · ${event.actorName}` : ''}
              </span>
              {event.note ? <span className="text-xs">{event.note}</span> : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  )
}

/** The values a timeline text may name (title, counts), as text. */
function eventParams(data: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).flatMap(([key, value]) => (typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [])),
  )
}
