import { randomUUID } from 'node:crypto'
import { Form, Link, type ShouldRevalidateFunction } from 'react-router'
import { FormError } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { FILE_LIST_MAX_LIMIT } from '../../../modules/kernel/index'
import { requireActor } from '../../../modules/companies/index.server'
import { listFiles } from '../../../modules/kernel/index.server'
import { OpenConversation } from '../../../modules/messaging/index'
import { RecordDocuments } from '../../../modules/documents/index'
import { documentsOfRecord } from '../../../modules/documents/index.server'
import { pickedMessages } from '../../../platform/i18n/translate.server'
import {
  AskQuestionInput,
  DeclineRfqInput,
  InvitationStatusBadge,
  QuotationEditor,
  QuotationHistory,
  QuotationStepInput,
  ReviseQuotationInput,
  SaveQuotationInput,
} from '../../../modules/sourcing/index'
import {
  askQuestion,
  declineRfq,
  getMyQuotationForRfq,
  getRfqForSupplier,
  quotationHistory,
  reviseQuotation,
  saveQuotation,
  submitQuotation,
  withdrawQuotation,
} from '../../../modules/sourcing/index.server'
import { isAppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { threadEntry } from '../inbox/entry-points.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/quote'
import { PAGE_MESSAGES } from '../../page-messages'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const id = params.id ?? ''
  const rfq = await withRouteErrors(() => getRfqForSupplier(ctx, id))
  const [quotation, files] = await withRouteErrors(() =>
    Promise.all([getMyQuotationForRfq(ctx, id), listFiles(ctx, { purpose: 'attachment', limit: FILE_LIST_MAX_LIMIT })]),
  )
  const history = quotation && quotation.revision > 0 ? await withRouteErrors(() => quotationHistory(ctx, quotation.id)) : []
  const buyerThread = await threadEntry(ctx, { kind: 'rfq', rfqId: id })
  // Once a quotation is in, negotiating it has its own thread.
  const quotationThread = quotation && quotation.status !== 'draft' ? await threadEntry(ctx, { kind: 'quotation', quotationId: quotation.id }) : null
  // A sent quotation makes documents (the quotation itself, a proforma, a contract).
  const documents = quotation && quotation.status !== 'draft' ? await withRouteErrors(() => documentsOfRecord(ctx, 'quotation', quotation.id)) : null
  const now = new Date()
  const page = pageData(ctx.locale, 'quotations', 'quote.metaTitle', PAGE_MESSAGES.supplierQuote)
  return {
    ...page,
    i18n: { ...page.i18n, ...pickedMessages(ctx.locale, PAGE_MESSAGES.recordDocuments) },
    buyerThread,
    quotationThread,
    rfq,
    quotation,
    history,
    documents,
    attachmentFiles: files.items.map((file) => ({ id: file.id, name: file.name })),
    validUntilDefault: new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
    now,
    // One key for the page's saves, revisions and questions (each kind its own scope); revalidated after each success.
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.rfq.number} · ${loaderData.title}` : undefined }]

// A refused step (409: the deadline passed, someone else saved) must show the quotation as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

const INTENTS = ['save', 'submit', 'revise', 'withdraw', 'ask', 'decline'] as const
type Intent = (typeof INTENTS)[number]
const isIntent = (value: string): value is Intent => (INTENTS as readonly string[]).includes(value)

/** The editor's form as the shared input: lines from `lines.<i>.<field>`, attachments from every checked box. */
function quotationInput(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const lines = []
  for (let index = 0; form.has(`lines.${index}.rfqLineId`); index++) {
    const field = (name: string) => text(`lines.${index}.${name}`)
    lines.push({
      rfqLineId: field('rfqLineId'),
      noOffer: field('noOffer') === 'on',
      unitPrice: field('unitPrice'),
      moq: field('moq'),
      leadTimeDays: field('leadTimeDays'),
      note: field('note'),
      alternativeDescription: field('alternativeDescription'),
      alternativeUnitPrice: field('alternativeUnitPrice'),
    })
  }
  return {
    version: text('version'),
    currency: text('currency'),
    incoterm: text('incoterm'),
    incotermPlace: text('incotermPlace'),
    freightAmount: text('freightAmount'),
    insuranceAmount: text('insuranceAmount'),
    paymentTerms: text('paymentTerms'),
    validUntil: text('validUntil'),
    notes: text('notes'),
    attachmentFileIds: form.getAll('attachmentFileIds').filter((value): value is string => typeof value === 'string'),
    lines,
  }
}

/** What was typed, to show again after a refusal (as one string: form failures carry flat values). */
function typedValues(form: FormData): string {
  const values: Record<string, string> = {}
  let attachment = 0
  for (const [name, value] of form) {
    if (typeof value !== 'string') continue
    if (name === 'attachmentFileIds') values[`attachmentFileIds.${attachment++}`] = value
    else values[name] = value
  }
  return JSON.stringify(values)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const id = params.id ?? ''
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (!isIntent(intent)) return failure({ ok: false, fieldErrors: {} }, 400)
  const editing = intent === 'save' || intent === 'submit' || intent === 'revise'
  const extra: Record<string, string> = editing ? { intent, values: typedValues(form) } : { intent }
  try {
    if (intent === 'ask') {
      const parsed = AskQuestionInput.safeParse({ question: form.get('question') })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, extra)
      await askQuestion(ctx, id, parsed.data, idempotencyOfForm(form))
      return { ok: true as const, done: 'asked' as const }
    }
    if (intent === 'decline') {
      const parsed = DeclineRfqInput.safeParse({ reason: form.get('reason') ?? '' })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, extra)
      await declineRfq(ctx, id, parsed.data.reason)
      return { ok: true as const, done: 'declined' as const }
    }
    if (intent === 'withdraw') {
      const parsed = QuotationStepInput.safeParse({ version: form.get('version'), reason: form.get('reason') ?? '' })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, extra)
      const mine = await getMyQuotationForRfq(ctx, id)
      if (!mine) return failure({ ok: false, fieldErrors: {} }, 404, extra)
      await withdrawQuotation(ctx, mine.id, parsed.data)
      return { ok: true as const, done: 'withdrawn' as const }
    }
    const raw = quotationInput(form)
    if (intent === 'revise') {
      const parsed = ReviseQuotationInput.safeParse(raw)
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, extra)
      const mine = await getMyQuotationForRfq(ctx, id)
      if (!mine) return failure({ ok: false, fieldErrors: {} }, 404, extra)
      await reviseQuotation(ctx, mine.id, parsed.data, idempotencyOfForm(form))
      return { ok: true as const, done: 'revised' as const }
    }
    const parsed = SaveQuotationInput.safeParse(raw)
    if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, extra)
    const saved = await saveQuotation(ctx, id, parsed.data, idempotencyOfForm(form))
    // Only drafts are saved: anything else is the answer to a resent submit whose first attempt went through.
    if (intent === 'save' || saved.status !== 'draft') return { ok: true as const, done: intent === 'save' ? ('saved' as const) : ('submitted' as const) }
    await submitQuotation(ctx, saved.id, { version: saved.version })
    return { ok: true as const, done: 'submitted' as const }
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed' && error.details?.fields)
      return failure({ ok: false, fieldErrors: error.details.fields as Record<string, string[]> }, 422, extra)
    return failureFromError(error, extra)
  }
}

export default function SupplierQuotePage({ loaderData: data, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => (change.entity === 'rfq' ? change.id === data.rfq.id : change.entity === 'quotation' && change.rfqId === data.rfq.id))
  const { t } = useTranslation('quotations')
  const { t: tChat } = useTranslation('chat')
  const { locale } = useRootData()
  const format = useFormatter()
  const { rfq, quotation } = data
  const result = actionData
  const failed = result && !result.ok ? result : null
  const done = result?.ok ? result.done : null
  const doneNotice = {
    asked: t('result.asked'),
    declined: t('result.declined'),
    withdrawn: t('result.withdrawn'),
    revised: t('result.revised'),
    saved: t('result.saved'),
    submitted: t('result.submitted'),
  } satisfies Record<NonNullable<typeof done>, string>
  const failedIntent = failed && 'intent' in failed ? String(failed.intent) : ''
  const typed = failed && 'values' in failed && typeof failed.values === 'string' ? (JSON.parse(failed.values) as Record<string, string>) : null
  const fieldErrorsFor = (intents: string[]) => (failed && intents.includes(failedIntent) ? failed.fieldErrors : undefined)
  const errors = (intents: string[], name: string) => fieldErrorsFor(intents)?.[name]?.map((key) => t(key))
  const declined = rfq.invitation.status === 'declined'

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to={localizePath(locale, '/app/supplier/portal')} className="text-sm underline-offset-4 hover:underline">
          {t('quote.back')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">
          {rfq.number} · {rfq.title}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
          <InvitationStatusBadge status={rfq.invitation.status} />
          <span>
            {t('quote.buyer')}: {rfq.visibility === 'invited' ? rfq.buyer.name : t('portal.publicRequest')}
          </span>
          <span>
            {t('quote.deadline')}: {format.dateTime(rfq.quoteDeadline)}
            {rfq.quotingOpen ? ` (${t('quote.closesIn', { when: format.relativeTime(rfq.quoteDeadline, data.now) })})` : ''}
          </span>
          {data.buyerThread ? (
            <OpenConversation
              locale={locale}
              target={data.buyerThread.target}
              existingId={data.buyerThread.existingId}
              labelKey="entry.messageBuyer"
              subject={tChat('kinds.rfq')}
            />
          ) : null}
          {data.quotationThread ? (
            <OpenConversation
              locale={locale}
              target={data.quotationThread.target}
              existingId={data.quotationThread.existingId}
              labelKey="entry.quotationConversation"
              subject={tChat('kinds.quotation')}
            />
          ) : null}
        </div>
      </div>

      {done ? <Alert tone="success">{doneNotice[done]}</Alert> : null}
      {failed?.formError ? <FormError error={failed.formError} /> : null}
      {!rfq.quotingOpen ? <Alert tone="warning">{t('quote.quotingClosed')}</Alert> : null}
      {rfq.sealed ? <Alert tone="info">{t('quote.sealedNote')}</Alert> : null}

      <Card>
        <CardHeader>
          <CardTitle>{t('quote.linesTitle')}</CardTitle>
          {rfq.description ? <CardDescription className="whitespace-pre-line">{rfq.description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="grid gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">{t('quote.currency')}</dt>
              <dd>{rfq.currency}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('quote.incoterm')}</dt>
              <dd>
                {rfq.incoterm} {rfq.incotermPlace}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('quote.deliveryDate')}</dt>
              <dd>{rfq.deliveryDate ? format.date(`${rfq.deliveryDate}T12:00:00Z`) : t('quote.none')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('quote.destination')}</dt>
              <dd>{rfq.destination || t('quote.none')}</dd>
            </div>
          </dl>
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('quote.linesCaption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('quote.line')}</TableHead>
                <TableHead>{t('quote.specification')}</TableHead>
                <TableHead className="text-end">{t('quote.quantity')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rfq.lines.map((line) => (
                <TableRow key={line.id}>
                  <TableCell className="font-medium">{line.title}</TableCell>
                  <TableCell label={t('quote.specification')} className="whitespace-pre-line text-sm">
                    {line.specification || t('quote.none')}
                  </TableCell>
                  <TableCell label={t('quote.quantity')} className="text-end tabular-nums">
                    {format.number(line.quantity)} {line.unit}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rfq.attachments.length > 0 ? (
            <div className="text-sm">
              <h3 className="font-medium">{t('quote.attachments')}</h3>
              <ul className="list-disc ps-5">
                {rfq.attachments.map((file) => (
                  <li key={file.id}>{file.name}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('editor.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {declined && !quotation ? (
            <p className="text-sm">
              {t('decline.declined')} {rfq.invitation.declineReason ? t('decline.declinedReason', { reason: rfq.invitation.declineReason }) : null}
            </p>
          ) : null}
          <QuotationEditor
            lines={rfq.lines}
            quotation={quotation}
            defaults={{ currency: rfq.currency, incoterm: rfq.incoterm, incotermPlace: rfq.incotermPlace, validUntil: data.validUntilDefault }}
            attachmentFiles={data.attachmentFiles}
            quotingOpen={rfq.quotingOpen}
            values={['save', 'submit', 'revise'].includes(failedIntent) ? typed : null}
            idempotencyKey={data.idempotencyKey}
            fieldErrors={fieldErrorsFor(['save', 'submit', 'revise', 'withdraw'])}
          />
        </CardContent>
      </Card>

      {quotation && quotation.revision > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('history.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <QuotationHistory entries={data.history} />
          </CardContent>
        </Card>
      ) : null}

      {quotation && data.documents ? (
        <RecordDocuments locale={locale} source={{ kind: 'quotation', id: quotation.id }} documents={data.documents} canCreate />
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t('questions.title')}</CardTitle>
          <CardDescription>{t('questions.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {rfq.questions.length === 0 ? <p className="text-sm text-muted-foreground">{t('questions.empty')}</p> : null}
          <ul className="flex flex-col gap-3">
            {rfq.questions.map((question) => (
              <li key={question.id} className="rounded-md border p-3 text-sm">
                <p className="whitespace-pre-line font-medium">{question.question}</p>
                <p className="text-xs text-muted-foreground">
                  {format.dateTime(question.createdAt)}
                  {question.mine ? ` · ${t('questions.mine')}` : ''}
                </p>
                <p className="mt-1 whitespace-pre-line">{question.answer ? t('questions.answer', { answer: question.answer }) : t('questions.pending')}</p>
              </li>
            ))}
          </ul>
          {rfq.actions.ask ? (
            <Form method="post" className="flex flex-col gap-2">
              <IdempotencyField value={data.idempotencyKey} />
              <FormField label={t('questions.question')} errors={errors(['ask'], 'question')}>
                {(control) => <Textarea {...control} name="question" required minLength={5} maxLength={2000} rows={3} />}
              </FormField>
              <div>
                <Button type="submit" name="intent" value="ask" variant="secondary">
                  {t('questions.ask')}
                </Button>
              </div>
            </Form>
          ) : null}
        </CardContent>
      </Card>

      {rfq.actions.decline ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('decline.title')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">{t('decline.help')}</p>
            <div>
              <ConfirmDialog
                triggerLabel={t('decline.trigger')}
                triggerVariant="danger"
                title={t('decline.confirmTitle', { number: rfq.number })}
                description={t('decline.confirmDescription')}
                confirmLabel={t('decline.button')}
                open={errors(['decline'], 'reason') !== undefined}
              >
                <input type="hidden" name="intent" value="decline" />
                <FormField label={t('decline.reason')} errors={errors(['decline'], 'reason')}>
                  {(control) => <Input {...control} name="reason" maxLength={1000} />}
                </FormField>
              </ConfirmDialog>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  )
}
