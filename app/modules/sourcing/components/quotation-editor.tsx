import { Form } from 'react-router'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { INCOTERMS, PAYMENT_TERMS } from '../../../platform/trade-terms'
import type { QuotationDetail } from '../quotation.types'
import { QuotationStatusBadge } from './quotation-status-badge'

export type EditorLine = { id: string; title: string; specification: string; quantity: number; unit: string }

type QuotationEditorProps = {
  lines: EditorLine[]
  quotation: QuotationDetail | null
  /** The RFQ's terms, the starting point of a new quotation. */
  defaults: { currency: string; incoterm: string; incotermPlace: string; validUntil: string }
  attachmentFiles: Array<{ id: string; name: string }>
  quotingOpen: boolean
  /** What the supplier sent when the save failed (kept so nothing typed is lost). */
  values: Record<string, string> | null
  /** Made when the page was rendered, so a resubmitted save or revision is stored once. */
  idempotencyKey: string
  fieldErrors: Record<string, string[]> | undefined
}

/**
 * The supplier's quotation: one row per RFQ line (price, MOQ, lead time, note, "no offer", an alternative offer), the
 * terms, notes and attachments. Save draft / Submit for a draft, Submit revision for a pending quote, Withdraw.
 */
export function QuotationEditor({ lines, quotation, defaults, attachmentFiles, quotingOpen, values, idempotencyKey, fieldErrors }: QuotationEditorProps) {
  const { t } = useTranslation('quotations')
  const format = useFormatter()
  const status = quotation?.status ?? 'draft'
  // A new quotation is written while quoting is open; a stored one while it may be saved (draft) or revised (a new round).
  const editable = quotation ? quotation.actions.edit || quotation.actions.revise : quotingOpen
  const errors = (name: string) => fieldErrors?.[name]?.map((key) => t(key))
  const stored = new Map(quotation?.lines.map((line) => [line.rfqLineId, line]))
  const value = (name: string, fallback: string | number | null | undefined) =>
    values?.[name] ?? (fallback === null || fallback === undefined ? '' : String(fallback))
  const checked = (name: string, fallback: boolean) => (values ? values[name] === 'on' || values[name] === 'true' : fallback)
  const attached = new Set(
    values
      ? Object.entries(values).flatMap(([key, id]) => (key.startsWith('attachmentFileIds') ? [id] : []))
      : (quotation?.attachments.map((file) => file.id) ?? []),
  )
  const attachmentErrors = Object.entries(fieldErrors ?? {}).flatMap(([name, keys]) => (name.startsWith('attachmentFileIds') ? keys.map((key) => t(key)) : []))

  return (
    <div className="flex flex-col gap-4">
      {quotation ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <QuotationStatusBadge status={quotation.status} />
          <span>{t('editor.statusLine', { status: t(`status.${quotation.status}`), revision: quotation.revision })}</span>
          <span className="tabular-nums">{t('editor.total', { total: format.money(quotation.total, quotation.currency) })}</span>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('editor.newHint')}</p>
      )}
      {quotation?.decisionReason ? <p className="text-sm">{t('editor.decisionReason', { reason: quotation.decisionReason })}</p> : null}
      {!editable && quotation ? <p className="text-sm text-muted-foreground">{t('editor.readOnly')}</p> : null}
      {status === 'submitted' && editable ? <p className="text-sm text-muted-foreground">{t('editor.reviseHint')}</p> : null}
      {errors('lines') ? (
        <p className="text-sm text-destructive" role="alert">
          {errors('lines')!.join(' ')}
        </p>
      ) : null}

      <Form method="post" className="flex flex-col gap-6">
        <input type="hidden" name="version" value={quotation?.version ?? ''} />
        <IdempotencyField value={idempotencyKey} />
        <fieldset disabled={!editable} className="flex min-w-0 flex-col gap-6">
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('editor.caption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('editor.item')}</TableHead>
                <TableHead className="text-end">{t('editor.quantity')}</TableHead>
                <TableHead>{t('editor.noOffer')}</TableHead>
                <TableHead>{t('editor.unitPrice')}</TableHead>
                <TableHead>{t('editor.moq')}</TableHead>
                <TableHead>{t('editor.leadTime')}</TableHead>
                <TableHead>{t('editor.note')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.map((line, index) => {
                const saved = stored.get(line.id)
                const name = (field: string) => `lines.${index}.${field}`
                const cellErrors = (field: string) => errors(name(field))
                const hasAlternative = Boolean(value(name('alternativeDescription'), saved?.alternativeDescription))
                return (
                  <TableRow key={line.id} className="align-top">
                    <TableCell className="sm:min-w-48">
                      <input type="hidden" name={name('rfqLineId')} value={line.id} />
                      <div className="font-medium" id={`line-${line.id}`}>
                        {line.title}
                      </div>
                      {line.specification ? <div className="text-xs text-muted-foreground">{line.specification}</div> : null}
                      {cellErrors('rfqLineId') ? <p className="text-xs text-destructive">{cellErrors('rfqLineId')!.join(' ')}</p> : null}
                      <details className="mt-2 text-sm" open={hasAlternative}>
                        <summary className="cursor-pointer">{t('editor.alternative')}</summary>
                        <div className="mt-2 flex flex-col gap-2">
                          <FormField label={t('editor.alternativeDescription')} errors={cellErrors('alternativeDescription')}>
                            {(control) => (
                              <Input
                                {...control}
                                name={name('alternativeDescription')}
                                defaultValue={value(name('alternativeDescription'), saved?.alternativeDescription)}
                                maxLength={1000}
                              />
                            )}
                          </FormField>
                          <FormField label={t('editor.alternativeUnitPrice')} errors={cellErrors('alternativeUnitPrice')}>
                            {(control) => (
                              <Input
                                {...control}
                                name={name('alternativeUnitPrice')}
                                inputMode="decimal"
                                defaultValue={value(name('alternativeUnitPrice'), saved?.alternativeUnitPrice)}
                              />
                            )}
                          </FormField>
                        </div>
                      </details>
                    </TableCell>
                    <TableCell label={t('editor.quantity')} className="text-end tabular-nums">
                      {format.number(line.quantity)} {line.unit}
                    </TableCell>
                    <TableCell label={t('editor.noOffer')}>
                      <input
                        type="checkbox"
                        name={name('noOffer')}
                        aria-label={`${t('editor.noOffer')}: ${line.title}`}
                        defaultChecked={checked(name('noOffer'), quotation !== null && !saved)}
                        className="size-4 accent-primary"
                      />
                    </TableCell>
                    <TableCell label={t('editor.unitPrice')}>
                      <Input
                        name={name('unitPrice')}
                        inputMode="decimal"
                        aria-label={`${t('editor.unitPrice')}: ${line.title}`}
                        aria-invalid={cellErrors('unitPrice') ? true : undefined}
                        defaultValue={value(name('unitPrice'), saved?.unitPrice)}
                        className="w-28"
                      />
                      {cellErrors('unitPrice') ? <p className="text-xs text-destructive">{cellErrors('unitPrice')!.join(' ')}</p> : null}
                    </TableCell>
                    <TableCell label={t('editor.moq')}>
                      <Input
                        name={name('moq')}
                        type="number"
                        min={1}
                        aria-label={`${t('editor.moq')}: ${line.title}`}
                        aria-invalid={cellErrors('moq') ? true : undefined}
                        defaultValue={value(name('moq'), saved?.moq ?? 1)}
                        className="w-24"
                      />
                      {cellErrors('moq') ? <p className="text-xs text-destructive">{cellErrors('moq')!.join(' ')}</p> : null}
                    </TableCell>
                    <TableCell label={t('editor.leadTime')}>
                      <Input
                        name={name('leadTimeDays')}
                        type="number"
                        min={0}
                        max={3650}
                        aria-label={`${t('editor.leadTime')}: ${line.title}`}
                        aria-invalid={cellErrors('leadTimeDays') ? true : undefined}
                        defaultValue={value(name('leadTimeDays'), saved?.leadTimeDays)}
                        className="w-24"
                      />
                      {cellErrors('leadTimeDays') ? <p className="text-xs text-destructive">{cellErrors('leadTimeDays')!.join(' ')}</p> : null}
                    </TableCell>
                    <TableCell label={t('editor.note')}>
                      <Input
                        name={name('note')}
                        aria-label={`${t('editor.note')}: ${line.title}`}
                        defaultValue={value(name('note'), saved?.note)}
                        maxLength={1000}
                        className="w-40"
                      />
                      {cellErrors('note') ? <p className="text-xs text-destructive">{cellErrors('note')!.join(' ')}</p> : null}
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>

          <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">{t('editor.termsTitle')}</legend>
            <FormField label={t('editor.currency')} errors={errors('currency')}>
              {(control) => (
                <Input {...control} name="currency" required maxLength={3} defaultValue={value('currency', quotation?.currency ?? defaults.currency)} />
              )}
            </FormField>
            <FormField label={t('editor.incoterm')} errors={errors('incoterm')}>
              {(control) => (
                <NativeSelect {...control} name="incoterm" defaultValue={value('incoterm', quotation?.incoterm ?? defaults.incoterm)}>
                  {INCOTERMS.map((term) => (
                    <option key={term} value={term}>
                      {term}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('editor.incotermPlace')} errors={errors('incotermPlace')}>
              {(control) => (
                <Input
                  {...control}
                  name="incotermPlace"
                  required
                  maxLength={120}
                  defaultValue={value('incotermPlace', quotation?.incotermPlace ?? defaults.incotermPlace)}
                />
              )}
            </FormField>
            <FormField label={t('editor.paymentTerms')} errors={errors('paymentTerms')}>
              {(control) => (
                <NativeSelect {...control} name="paymentTerms" defaultValue={value('paymentTerms', quotation?.paymentTerms ?? 'tt_30_70')}>
                  {PAYMENT_TERMS.map((term) => (
                    <option key={term} value={term}>
                      {t(`paymentTerms.${term}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('editor.freightAmount')} hint={t('editor.amountHint')} errors={errors('freightAmount')}>
              {(control) => <Input {...control} name="freightAmount" inputMode="decimal" defaultValue={value('freightAmount', quotation?.freightAmount)} />}
            </FormField>
            <FormField label={t('editor.insuranceAmount')} hint={t('editor.amountHint')} errors={errors('insuranceAmount')}>
              {(control) => (
                <Input {...control} name="insuranceAmount" inputMode="decimal" defaultValue={value('insuranceAmount', quotation?.insuranceAmount)} />
              )}
            </FormField>
            <FormField label={t('editor.validUntil')} errors={errors('validUntil')}>
              {(control) => (
                <Input {...control} name="validUntil" type="date" required defaultValue={value('validUntil', quotation?.validUntil ?? defaults.validUntil)} />
              )}
            </FormField>
            <FormField label={t('editor.notes')} errors={errors('notes')} className="sm:col-span-2">
              {(control) => <Textarea {...control} name="notes" maxLength={4000} defaultValue={value('notes', quotation?.notes)} />}
            </FormField>
            <fieldset className="flex flex-col gap-2 sm:col-span-2">
              <legend className="text-sm font-medium">{t('editor.attachments')}</legend>
              {attachmentFiles.length === 0 ? <p className="text-sm text-muted-foreground">{t('editor.noAttachments')}</p> : null}
              {attachmentFiles.map((file) => (
                <div key={file.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    id={`attachment-${file.id}`}
                    name="attachmentFileIds"
                    value={file.id}
                    defaultChecked={attached.has(file.id)}
                    className="size-4 accent-primary"
                  />
                  <label htmlFor={`attachment-${file.id}`} className="text-sm">
                    {file.name}
                  </label>
                </div>
              ))}
              {attachmentErrors.length ? (
                <p className="text-xs text-destructive" role="alert">
                  {[...new Set(attachmentErrors)].join(' ')}
                </p>
              ) : null}
            </fieldset>
          </fieldset>
        </fieldset>
        {editable ? (
          <div className="flex flex-wrap gap-2">
            {status === 'draft' ? (
              <>
                <Button type="submit" name="intent" value="save" variant="secondary">
                  {t('editor.save')}
                </Button>
                <Button type="submit" name="intent" value="submit">
                  {t('editor.submit')}
                </Button>
              </>
            ) : (
              <Button type="submit" name="intent" value="revise">
                {t('editor.revise')}
              </Button>
            )}
          </div>
        ) : null}
      </Form>

      {quotation?.actions.withdraw ? (
        <div>
          <ConfirmDialog
            triggerLabel={t('confirm.withdrawTrigger')}
            title={t('confirm.withdrawTitle')}
            description={t('confirm.withdrawDescription')}
            confirmLabel={t('editor.withdraw')}
            open={errors('reason') !== undefined}
          >
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="version" value={quotation.version} />
            <FormField label={t('editor.withdrawReason')} errors={errors('reason')}>
              {(control) => <Textarea {...control} name="reason" rows={3} maxLength={1000} />}
            </FormField>
          </ConfirmDialog>
        </div>
      ) : null}
    </div>
  )
}
