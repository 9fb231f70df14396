import type { ReactNode } from 'react'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field } from '../../../components/ui/field'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { PlanInvoiceStatus, PlanPeriod } from '../billing.constants'

/** A plan invoice as the pages show it: the plan's name in the reader's language, the amount as decimal text. */
export type PlanInvoiceRow = {
  id: string
  number: string
  planName: string
  period: PlanPeriod
  periodStart: string
  periodEnd: string
  currency: string
  amount: string
  status: PlanInvoiceStatus
  overdue: boolean
  dueAt: string
  paidAt: string | null
  /** The company billed (the platform admin's list). */
  company?: string
}

/** Where to send a bank transfer, and the platform that receives it. */
export type PlanInvoiceBank = { holder: string; bank: string; iban: string; bic: string }

const VARIANT: Record<PlanInvoiceStatus | 'overdue', BadgeVariant> = { open: 'pending', overdue: 'reject', paid: 'accept', void: 'secondary' }

export function PlanInvoiceStatusBadge({ invoice }: { invoice: Pick<PlanInvoiceRow, 'status' | 'overdue'> }) {
  const { t } = useTranslation('billing')
  const status = invoice.overdue ? 'overdue' : invoice.status
  return (
    <Badge variant={VARIANT[status]} data-invoice-status={status}>
      {t(`invoices.statuses.${status}`)}
    </Badge>
  )
}

type InvoiceTableProps = {
  invoices: PlanInvoiceRow[]
  /** The invoice's PDF, when the reader may download it. */
  pdfHref?: (id: string) => string
  /** What the platform admin may do with an invoice (mark paid, void). */
  actions?: (invoice: PlanInvoiceRow) => ReactNode
  empty: string
}

/** Plan invoices, newest first: number, plan and period, amount, status and due or paid day. */
export function PlanInvoiceTable({ invoices, pdfHref, actions, empty }: InvoiceTableProps) {
  const { t } = useTranslation('billing')
  const format = useFormatter()
  if (invoices.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>
  const company = invoices.some((invoice) => invoice.company !== undefined)
  return (
    <div className="overflow-x-auto">
      <Table stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>{t('invoices.number')}</TableHead>
            {company ? <TableHead>{t('invoices.company')}</TableHead> : null}
            <TableHead>{t('invoices.plan')}</TableHead>
            <TableHead className="text-end">{t('invoices.amount')}</TableHead>
            <TableHead>{t('invoices.status')}</TableHead>
            <TableHead>{t('invoices.due')}</TableHead>
            {pdfHref || actions ? <TableHead>{t('invoices.actions')}</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id} data-invoice={invoice.number}>
              <TableCell label={t('invoices.number')} className="whitespace-nowrap font-medium tabular-nums">
                {invoice.number}
              </TableCell>
              {company ? <TableCell label={t('invoices.company')}>{invoice.company}</TableCell> : null}
              <TableCell label={t('invoices.plan')}>
                <span className="block">{t('invoices.planPeriod', { plan: invoice.planName, period: t(`periods.${invoice.period}`) })}</span>
                <span className="block text-xs text-muted-foreground tabular-nums">
                  {t('invoices.periodRange', { start: format.date(invoice.periodStart), end: format.date(invoice.periodEnd) })}
                </span>
              </TableCell>
              <TableCell label={t('invoices.amount')} className="whitespace-nowrap text-end tabular-nums">
                {format.money(invoice.amount, invoice.currency)}
              </TableCell>
              <TableCell label={t('invoices.status')}>
                <PlanInvoiceStatusBadge invoice={invoice} />
              </TableCell>
              <TableCell label={t('invoices.due')} className="whitespace-nowrap tabular-nums">
                {invoice.status === 'paid' && invoice.paidAt
                  ? t('invoices.paidOn', { date: format.date(invoice.paidAt) })
                  : invoice.status === 'void'
                    ? '—'
                    : format.date(invoice.dueAt)}
              </TableCell>
              {pdfHref || actions ? (
                <TableCell label={t('invoices.actions')}>
                  <div className="flex flex-wrap items-center gap-2">
                    {pdfHref ? (
                      <a href={pdfHref(invoice.id)} className="text-primary underline underline-offset-4" download>
                        {t('invoices.pdf', { number: invoice.number })}
                      </a>
                    ) : null}
                    {actions?.(invoice)}
                  </div>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/** How to pay the company's open invoices: the platform's bank account and the reference each transfer quotes. */
export function PlanInvoicePayment({ invoices, bank }: { invoices: PlanInvoiceRow[]; bank: PlanInvoiceBank }) {
  const { t } = useTranslation('billing')
  const format = useFormatter()
  const open = invoices.filter((invoice) => invoice.status === 'open')
  if (open.length === 0) return null
  return (
    <section aria-labelledby="invoice-payment" className="rounded-md border border-border bg-muted/40 p-3 text-sm">
      <h3 id="invoice-payment" className="font-medium">
        {t('invoices.howToPay')}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t('invoices.bankHolder')}</dt>
        <dd>{bank.holder}</dd>
        <dt className="text-muted-foreground">{t('invoices.bankName')}</dt>
        <dd>{bank.bank}</dd>
        <dt className="text-muted-foreground">{t('invoices.iban')}</dt>
        <dd className="break-all font-mono">{bank.iban}</dd>
        <dt className="text-muted-foreground">{t('invoices.bic')}</dt>
        <dd className="font-mono">{bank.bic}</dd>
      </dl>
      <ul className="mt-2 list-disc ps-5">
        {open.map((invoice) => (
          <li key={invoice.id}>
            {t('invoices.quote', { number: invoice.number, amount: format.money(invoice.amount, invoice.currency), date: format.date(invoice.dueAt) })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-muted-foreground">{t('invoices.paidWhenBooked')}</p>
    </section>
  )
}

/** A refused mark-paid or void: the invoice it was for and why, shown in that invoice's dialog. */
export type PlanInvoiceActionFailure = { intent: 'markPaid' | 'void'; invoiceId: string; error: FormErrorData; fieldErrors?: Record<string, string[]> }

/** The platform admin's actions on an open invoice: mark it paid (the day and the bank's reference), or void it. */
export function PlanInvoiceAdminActions({ invoice, failure, today }: { invoice: PlanInvoiceRow; failure: PlanInvoiceActionFailure | null; today: string }) {
  const { t } = useTranslation('billing')
  const format = useFormatter()
  if (invoice.status !== 'open') return null
  const refused = failure?.invoiceId === invoice.id ? failure : null
  const amount = format.money(invoice.amount, invoice.currency)
  return (
    <>
      <ConfirmDialog
        triggerLabel={t('invoices.markPaid')}
        confirmVariant="primary"
        title={t('invoices.markPaidTitle', { number: invoice.number })}
        description={t('invoices.markPaidHelp', { amount, company: invoice.company ?? '' })}
        confirmLabel={t('invoices.markPaid')}
        open={refused?.intent === 'markPaid'}
      >
        <input type="hidden" name="intent" value="markPaid" />
        <input type="hidden" name="invoiceId" value={invoice.id} />
        {refused?.intent === 'markPaid' ? <FormError error={refused.error} /> : null}
        <Field
          id={`paid-on-${invoice.id}`}
          label={t('invoices.paidOnLabel')}
          name="paidOn"
          type="date"
          defaultValue={today}
          max={today}
          required
          errors={refused?.fieldErrors?.paidOn?.map((key) => t(key))}
        />
        <Field
          id={`note-${invoice.id}`}
          label={t('invoices.noteLabel')}
          name="note"
          maxLength={200}
          errors={refused?.fieldErrors?.note?.map((key) => t(key))}
        />
      </ConfirmDialog>
      <ConfirmDialog
        triggerLabel={t('invoices.void')}
        title={t('invoices.voidTitle', { number: invoice.number })}
        description={t('invoices.voidHelp', { amount, company: invoice.company ?? '' })}
        confirmLabel={t('invoices.void')}
        open={refused?.intent === 'void'}
      >
        <input type="hidden" name="intent" value="void" />
        <input type="hidden" name="invoiceId" value={invoice.id} />
        {refused?.intent === 'void' ? <FormError error={refused.error} /> : null}
      </ConfirmDialog>
    </>
  )
}
