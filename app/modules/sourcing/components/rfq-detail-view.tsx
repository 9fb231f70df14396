import { Form, Link } from 'react-router'
import { Money } from '../../../components/money'
import { Alert } from '../../../components/ui/alert'
import { type LimitStatus, PlanLimitNotice } from '../../billing/index'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { allowedRfqSteps } from '../rfq.policy'
import type { RfqDetail } from '../rfq.types'
import { RfqInvitationBadge, RfqStatusBadge } from './rfq-status-badge'

type RfqDetailViewProps = {
  locale: Locale
  rfq: RfqDetail
  /** Where "Edit draft" goes (without locale). */
  editPath: string
  backPath: string
  /** The comparison page of this RFQ (without locale), once quotations may be read. */
  comparePath?: string
  /** A message key of what just happened (`detail.done.*`). */
  notice?: string | null
  fieldErrors?: Record<string, string[]> | undefined
  formError?: { message: string; limit?: { key: string; limit: number; usage: number } } | undefined
  /** The plan's RFQs a month, when a draft's sending would be near or past it (shown before the action). */
  planLimit?: LimitStatus | null
}

const calendarDay = (date: string) => `${date}T12:00:00Z`

/** One RFQ as its buyer sees it: terms, lines, invitees, quotations (sealed: counts only), Q&A and actions (texts from `rfqs`). */
export function RfqDetailView({ locale, rfq, editPath, backPath, comparePath, notice, fieldErrors, formError, planLimit }: RfqDetailViewProps) {
  const { t } = useTranslation('rfqs')
  const format = useFormatter()
  const errorsOf = (name: string) => fieldErrors?.[name]?.map((key) => t(key))
  const deadlineValue = new Date(new Date(rfq.quoteDeadline).getTime() + 7 * 86_400_000).toISOString().slice(0, 16)
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Link to={localizePath(locale, backPath)} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {t('detail.back')}
          </Link>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold">
            <span className="font-mono">{rfq.number}</span> {rfq.title} <RfqStatusBadge status={rfq.status} />
          </h1>
          {rfq.statusReason ? <p className="text-sm text-muted-foreground">{t('detail.reason', { reason: rfq.statusReason })}</p> : null}
        </div>
        {rfq.actions.edit ? (
          <Link to={localizePath(locale, editPath)} className={buttonClasses('secondary')}>
            {t('detail.edit')}
          </Link>
        ) : null}
      </div>
      {notice ? <Alert tone="success">{t(notice)}</Alert> : null}
      {formError?.limit ? (
        <PlanLimitNotice status={formError.limit} refused />
      ) : formError ? (
        <Alert tone="error">{formError.message}</Alert>
      ) : planLimit ? (
        <PlanLimitNotice status={planLimit} />
      ) : null}

      <Card className="p-6">
        <CardTitle>{t('detail.overview')}</CardTitle>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t('detail.deadline')}</dt>
            <dd>
              {format.dateTime(rfq.quoteDeadline)} ·{' '}
              {rfq.status === 'draft' ? t('detail.notSentYet') : rfq.quotingOpen ? t('detail.quotingOpen') : t('detail.quotingClosed')}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.project')}</dt>
            <dd>{rfq.projectName ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.visibility')}</dt>
            <dd>{t(`visibility.${rfq.visibility}`)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.incoterm')}</dt>
            <dd>
              {rfq.incoterm} {rfq.incotermPlace} · {rfq.currency}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.delivery')}</dt>
            <dd>{rfq.deliveryDate ? format.date(calendarDay(rfq.deliveryDate)) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.destination')}</dt>
            <dd>{rfq.destination || '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.sealed')}</dt>
            <dd>{rfq.sealed ? t('detail.sealedYes') : t('detail.sealedNo')}</dd>
          </div>
        </dl>
        {rfq.description ? <p className="mt-4 text-sm whitespace-pre-line">{rfq.description}</p> : null}
        {rfq.attachments.length > 0 ? (
          <div className="mt-4 text-sm">
            <h3 className="font-medium">{t('detail.attachments')}</h3>
            <ul className="list-disc ps-5">
              {rfq.attachments.map((file) => (
                <li key={file.id}>{file.name}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Card>

      {allowedRfqSteps(rfq.actions).length > 0 ? (
        <Card className="flex flex-col gap-4 p-6">
          <CardTitle>{t('detail.actions')}</CardTitle>
          <div className="flex flex-wrap items-end gap-4">
            {rfq.actions.publish ? (
              <Form method="post">
                <input type="hidden" name="intent" value="transition" />
                <input type="hidden" name="action" value="publish" />
                <input type="hidden" name="version" value={rfq.version} />
                <Button type="submit">{rfq.visibility === 'public' ? t('detail.publishPublic') : t('detail.publish')}</Button>
              </Form>
            ) : null}
            {rfq.actions.close ? (
              <Form method="post">
                <input type="hidden" name="intent" value="transition" />
                <input type="hidden" name="action" value="close" />
                <input type="hidden" name="version" value={rfq.version} />
                <Button type="submit" variant="secondary">
                  {t('detail.close')}
                </Button>
              </Form>
            ) : null}
            {rfq.actions.extend ? (
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="transition" />
                <input type="hidden" name="action" value="extend" />
                <input type="hidden" name="version" value={rfq.version} />
                <FormField label={t('detail.newDeadline')} errors={errorsOf('deadline')}>
                  {(control) => <Input type="datetime-local" name="deadline" defaultValue={deadlineValue} required {...control} />}
                </FormField>
                <Button type="submit" variant="secondary">
                  {t('detail.extend')}
                </Button>
              </Form>
            ) : null}
          </div>
          {rfq.actions.cancel ? (
            <div>
              <ConfirmDialog
                triggerLabel={t('confirm.cancelTrigger')}
                title={t('confirm.cancelTitle', { number: rfq.number })}
                description={rfq.status === 'draft' ? t('confirm.cancelDraftDescription') : t('confirm.cancelDescription')}
                confirmLabel={t('detail.cancel')}
                open={errorsOf('reason') !== undefined}
              >
                <input type="hidden" name="intent" value="transition" />
                <input type="hidden" name="action" value="cancel" />
                <input type="hidden" name="version" value={rfq.version} />
                <FormField label={t('detail.cancelReason')} errors={errorsOf('reason')}>
                  {(control) => <Textarea name="reason" rows={3} maxLength={1000} required {...control} />}
                </FormField>
              </ConfirmDialog>
            </div>
          ) : null}
        </Card>
      ) : null}

      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('detail.lines')}</CardTitle>
        <Table aria-label={t('detail.linesLabel')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('detail.columns.item')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.quantity')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.target')}</TableHead>
              <TableHead>{t('detail.columns.requiredBy')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rfq.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell>
                  <span className="font-medium">{line.title}</span>
                  {line.specification ? <span className="block text-xs text-muted-foreground">{line.specification}</span> : null}
                </TableCell>
                <TableCell label={t('detail.columns.quantity')} className="text-end whitespace-nowrap">
                  {format.number(line.quantity)} {line.unit}
                </TableCell>
                <TableCell label={t('detail.columns.target')} className="text-end whitespace-nowrap">
                  {line.targetUnitPrice ? format.money(line.targetUnitPrice, rfq.currency) : '—'}
                </TableCell>
                <TableCell label={t('detail.columns.requiredBy')} className="whitespace-nowrap">
                  {line.requiredBy ? format.date(calendarDay(line.requiredBy)) : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>

      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('detail.quotations')}</CardTitle>
        <p className="text-sm" aria-live="polite">
          {t('detail.quotationCount', { count: format.number(rfq.quotations.count) })}
        </p>
        {rfq.quotations.items === null ? (
          <Alert tone="info">{t('detail.sealedQuotations')}</Alert>
        ) : rfq.quotations.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noQuotations')}</p>
        ) : (
          <Table aria-label={t('detail.quotationsLabel')} stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('detail.columns.supplier')}</TableHead>
                <TableHead>{t('detail.columns.status')}</TableHead>
                <TableHead className="text-end">{t('detail.columns.total')}</TableHead>
                <TableHead className="text-end">{t('detail.columns.revision')}</TableHead>
                <TableHead>{t('detail.columns.validUntil')}</TableHead>
                <TableHead>{t('detail.columns.submitted')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rfq.quotations.items.map((quote) => (
                <TableRow key={quote.id}>
                  <TableCell>{quote.supplierName}</TableCell>
                  <TableCell label={t('detail.columns.status')}>{t(`quotationStatus.${quote.status}`)}</TableCell>
                  <TableCell label={t('detail.columns.total')} className="text-end whitespace-nowrap">
                    <Money amount={quote.total} currency={quote.currency}>
                      {(total) => `${total} ${quote.incoterm}`}
                    </Money>
                  </TableCell>
                  <TableCell label={t('detail.columns.revision')} className="text-end">
                    {format.number(quote.revision)}
                  </TableCell>
                  <TableCell label={t('detail.columns.validUntil')} className="whitespace-nowrap">
                    {format.date(calendarDay(quote.validUntil))}
                  </TableCell>
                  <TableCell label={t('detail.columns.submitted')} className="whitespace-nowrap">
                    {quote.submittedAt ? format.dateTime(quote.submittedAt) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {comparePath && rfq.quotations.items && rfq.quotations.items.length > 0 ? (
          <Link to={localizePath(locale, comparePath)} className={buttonClasses('secondary', 'self-start')}>
            {t('detail.compare')}
          </Link>
        ) : null}
      </Card>

      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('detail.invitees')}</CardTitle>
        {rfq.quotations.sealed ? <p className="text-sm text-muted-foreground">{t('detail.sealedInvitees')}</p> : null}
        {rfq.invitees.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noInvitees')}</p>
        ) : (
          <Table aria-label={t('detail.inviteesLabel')} stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('detail.columns.supplier')}</TableHead>
                <TableHead>{t('detail.columns.country')}</TableHead>
                <TableHead>{t('detail.columns.status')}</TableHead>
                <TableHead>{t('detail.columns.viewed')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rfq.invitees.map((invitee) => (
                <TableRow key={invitee.supplierCompanyId}>
                  <TableCell>{invitee.name}</TableCell>
                  <TableCell label={t('detail.columns.country')}>{invitee.country ?? '—'}</TableCell>
                  <TableCell label={t('detail.columns.status')}>
                    <RfqInvitationBadge status={invitee.status} />
                    {invitee.status === 'declined' && invitee.declineReason ? (
                      <span className="block text-xs text-muted-foreground">{t('detail.declineReason', { reason: invitee.declineReason })}</span>
                    ) : null}
                  </TableCell>
                  <TableCell label={t('detail.columns.viewed')} className="whitespace-nowrap">
                    {invitee.viewedAt ? format.dateTime(invitee.viewedAt) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('detail.questions')}</CardTitle>
        {rfq.questions.length === 0 ? <p className="text-sm text-muted-foreground">{t('detail.noQuestions')}</p> : null}
        <ol className="flex flex-col gap-4">
          {rfq.questions.map((question) => (
            <li key={question.id} className="flex flex-col gap-2 border-b border-border pb-4 last:border-b-0">
              <p className="text-sm font-medium whitespace-pre-line">{question.question}</p>
              <p className="text-xs text-muted-foreground">
                {t('detail.askedBy', { company: question.askedByCompanyName ?? '—' })} · {format.dateTime(question.createdAt)}
              </p>
              {question.answer ? (
                <p className="rounded-md bg-muted p-3 text-sm whitespace-pre-line">{question.answer}</p>
              ) : (
                <p className="text-sm text-muted-foreground">{t('detail.unanswered')}</p>
              )}
              {rfq.actions.answer ? (
                <Form method="post" className="flex flex-col gap-2">
                  <input type="hidden" name="intent" value="answer" />
                  <input type="hidden" name="questionId" value={question.id} />
                  <FormField label={t('detail.answerField')} errors={errorsOf(`answer.${question.id}`)}>
                    {(control) => <Textarea name="answer" defaultValue={question.answer ?? ''} maxLength={4000} rows={2} required {...control} />}
                  </FormField>
                  <Button type="submit" variant="secondary" className="self-start">
                    {question.answer ? t('detail.updateAnswer') : t('detail.sendAnswer')}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  )
}
