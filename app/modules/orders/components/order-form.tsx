import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { AvailabilityBadge, isDecimalText, lineTotal, priceFor, type PriceBreak, useUnitName } from '../../catalog/index'
import { type Address, AddressSelect } from '../../companies/index'
import { FILE_ACCEPT } from '../../kernel/index'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { INCOTERMS, PAYMENT_TERMS } from '../orders.constants'
import { orderTotal } from '../order-totals'

/** A supplier product the form can order (the catalog's orderable product) and the stock the supplier publishes of it (null: none). */
export type OrderFormProduct = { id: string; sku: string; name: string; unit: string; moq: number; breaks: PriceBreak[]; available: number | null }

/** A line row as typed (text, so a refused form comes back exactly as it was sent). */
export type OrderFormLine = { productId: string; description: string; unit: string; unitPrice: string; quantity: string }

/** The form's values: a new order's defaults, a draft's terms, or what was submitted. */
export type OrderFormValues = {
  currency: string
  incoterm: string
  incotermPlace: string
  paymentTerms: string
  requestedDeliveryDate: string
  shipToAddressId: string
  notes: string
  attachmentFileIds: string[]
  lines: OrderFormLine[]
}

type OrderFormProps = {
  locale: Locale
  supplier: { id: string; name: string }
  products: OrderFormProduct[]
  /** The supplier's price list currency; null when it has none (free-text lines only). */
  priceListCurrency: string | null
  addresses: Address[]
  attachmentFiles: Array<{ id: string; name: string }>
  idempotencyKey: string
  /** The draft being edited (its version guards against lost updates). */
  draft: { id: string; number: string; version: number } | null
  values: OrderFormValues
  fieldErrors: Record<string, string[]> | undefined
  formError: FormErrorData
}

/** Rows shown without JavaScript; with it, "Add line" adds more. */
/** Rows the form starts with: the lines in use (a pre-chosen product), else one blank row; "Add line" adds more. */
export const MIN_FORM_LINES = 1
const BLANK_LINE: OrderFormLine = { productId: '', description: '', unit: '', unitPrice: '', quantity: '' }

type Row = OrderFormLine & { key: number }

/** What a row costs by the client's estimate (null when it cannot be priced yet): exact decimals, never floats. */
function estimate(row: OrderFormLine, product: OrderFormProduct | undefined, currency: string): string | null {
  const quantity = Number(row.quantity)
  if (!Number.isInteger(quantity) || quantity < 1 || !/^[A-Z]{3}$/.test(currency)) return null
  try {
    if (row.productId) return product ? (priceFor(product.breaks, quantity, currency)?.total ?? null) : null
    return isDecimalText(row.unitPrice.trim(), 4) ? lineTotal(quantity, row.unitPrice.trim(), currency) : null
  } catch {
    // An unknown currency code: no estimate until it is corrected (the server reports the field).
    return null
  }
}

/** The new purchase order / draft editor (texts from `orders`; the page also brings `addresses`). */
export function OrderForm({
  locale,
  supplier,
  products,
  priceListCurrency,
  addresses,
  attachmentFiles,
  idempotencyKey,
  draft,
  values,
  fieldErrors,
  formError,
}: OrderFormProps) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  const unitName = useUnitName()
  const fieldError = (name: string) => fieldErrors?.[name]?.map((key) => t(key))
  const attachmentErrors = Object.entries(fieldErrors ?? {}).flatMap(([name, keys]) => (name.startsWith('attachmentFileIds') ? keys.map((key) => t(key)) : []))
  // A search narrows the choices; products chosen from earlier searches stay on their rows.
  const [seen, setSeen] = useState(() => new Map(products.map((product) => [product.id, product])))
  const [searched, setSearched] = useState(products)
  if (searched !== products) {
    setSearched(products)
    setSeen((before) => new Map([...before, ...products.map((product) => [product.id, product] as const)]))
  }
  const productsById = new Map([...seen, ...products.map((product) => [product.id, product] as const)])
  // One key for the life of the form: a retried or repeated submit names the same order.
  const [submitKey] = useState(idempotencyKey)
  const [rows, setRows] = useState<Row[]>(() => {
    const lines = [...values.lines]
    while (lines.length < MIN_FORM_LINES) lines.push(BLANK_LINE)
    return lines.map((line, key) => ({ ...line, key }))
  })
  const addRow = () => setRows((current) => [...current, { ...BLANK_LINE, key: current.reduce((max, row) => Math.max(max, row.key), -1) + 1 }])
  const [currency, setCurrency] = useState(values.currency)
  const upperCurrency = currency.trim().toUpperCase()
  const optionsFor = (chosen: string) => {
    const extra = chosen && !products.some((product) => product.id === chosen) ? productsById.get(chosen) : undefined
    return extra ? [extra, ...products] : products
  }
  const update = (key: number, patch: Partial<OrderFormLine>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)))
  const totals = rows.map((row) => estimate(row, productsById.get(row.productId), upperCurrency))
  const priced = totals.filter((total): total is string => total !== null)
  const total =
    priced.length > 0
      ? orderTotal(
          priced.map((amount) => ({ lineTotal: amount })),
          upperCurrency,
        )
      : null

  // After a refused submit, bring the first field in error into view and put the cursor in it.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!fieldErrors || Object.keys(fieldErrors).length === 0) return
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    first?.scrollIntoView({ block: 'center' })
    first?.focus({ preventScroll: true })
  }, [fieldErrors])

  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-6">
      <IdempotencyField value={submitKey} />
      <input type="hidden" name="supplierCompanyId" value={supplier.id} />
      {draft ? <input type="hidden" name="version" value={draft.version} /> : null}
      <FormError error={formError} />
      {fieldError('supplierCompanyId')?.length ? <Alert tone="error">{fieldError('supplierCompanyId')?.join(' ')}</Alert> : null}

      <Card className="flex flex-col gap-4 p-6">
        <CardTitle>{t('form.linesTitle')}</CardTitle>
        <CardDescription>{t('form.linesHelp')}</CardDescription>
        {priceListCurrency ? null : <Alert tone="warning">{t('form.noPriceList')}</Alert>}
        {fieldError('lines')?.length ? <Alert tone="error">{fieldError('lines')?.join(' ')}</Alert> : null}
        <ol className="flex flex-col gap-4">
          {rows.map((row, index) => {
            const product = productsById.get(row.productId)
            const errorsOf = (field: string) => fieldError(`lines.${index}.${field}`)
            return (
              <li key={row.key}>
                <fieldset className="grid gap-3 rounded-md border border-border p-4 md:grid-cols-[2fr_1fr_1fr] lg:grid-cols-[2.5fr_1fr_1fr_1fr_auto]">
                  <legend className="px-1 text-sm font-medium">{t('form.lineLabel', { number: index + 1 })}</legend>
                  <FormField
                    label={t('form.product')}
                    errors={errorsOf('productId')}
                    hint={
                      product
                        ? t('form.productFacts', {
                            unit: unitName(product.unit, 1),
                            moq: format.number(product.moq),
                            moqUnit: unitName(product.unit, product.moq),
                          })
                        : undefined
                    }
                  >
                    {(control) => (
                      <NativeSelect
                        name={`lines.${index}.productId`}
                        value={row.productId}
                        onChange={(event) => update(row.key, { productId: event.target.value })}
                        {...control}
                      >
                        <option value="">{t('form.freeText')}</option>
                        {optionsFor(row.productId).map((option) => (
                          <option key={option.id} value={option.id}>
                            {t('form.productOption', { sku: option.sku, name: option.name })}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                  <FormField label={t('form.quantity')} errors={errorsOf('quantity')}>
                    {(control) => (
                      <Input
                        type="number"
                        name={`lines.${index}.quantity`}
                        min={product?.moq ?? 1}
                        step={1}
                        inputMode="numeric"
                        value={row.quantity}
                        onChange={(event) => update(row.key, { quantity: event.target.value })}
                        {...control}
                      />
                    )}
                  </FormField>
                  {row.productId ? (
                    <div className="flex flex-col gap-1 text-sm md:col-span-1 lg:col-span-2">
                      {product ? <AvailabilityBadge available={product.available} unit={product.unit} /> : null}
                      <p className="font-medium">{t('form.breaks')}</p>
                      {product && product.breaks.length > 0 ? (
                        <ul className="text-muted-foreground">
                          {product.breaks.map((tier) => (
                            <li key={tier.minQuantity}>
                              {t('form.breakOption', {
                                quantity: format.number(tier.minQuantity),
                                price: format.money(tier.unitPrice, priceListCurrency ?? upperCurrency),
                              })}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="text-muted-foreground">{t('form.noBreaks')}</p>
                      )}
                    </div>
                  ) : (
                    <>
                      <FormField label={t('form.unitPrice')} errors={errorsOf('unitPrice')}>
                        {(control) => (
                          <Input
                            name={`lines.${index}.unitPrice`}
                            inputMode="decimal"
                            value={row.unitPrice}
                            onChange={(event) => update(row.key, { unitPrice: event.target.value })}
                            {...control}
                          />
                        )}
                      </FormField>
                      <FormField label={t('form.unit')} errors={errorsOf('unit')}>
                        {(control) => (
                          <Input
                            name={`lines.${index}.unit`}
                            maxLength={20}
                            value={row.unit}
                            onChange={(event) => update(row.key, { unit: event.target.value })}
                            {...control}
                          />
                        )}
                      </FormField>
                      <FormField label={t('form.lineDescription')} errors={errorsOf('description')} className="md:col-span-3 lg:col-span-5">
                        {(control) => (
                          <Input
                            name={`lines.${index}.description`}
                            maxLength={500}
                            value={row.description}
                            onChange={(event) => update(row.key, { description: event.target.value })}
                            {...control}
                          />
                        )}
                      </FormField>
                    </>
                  )}
                  <div className="flex items-end justify-between gap-2 md:col-span-3 lg:col-span-5">
                    <p className="text-sm">
                      {t('form.lineTotal')}: <output>{totals[index] ? format.money(totals[index], upperCurrency) : '—'}</output>
                    </p>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                      aria-label={t('form.removeLine', { number: index + 1 })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
        <Button type="button" variant="secondary" className="self-start" onClick={addRow}>
          <Plus aria-hidden="true" /> {t('form.addLine')}
        </Button>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <CardTitle>{t('form.termsTitle')}</CardTitle>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label={t('form.currency')}
            hint={priceListCurrency ? t('form.priceListCurrency', { currency: priceListCurrency }) : t('form.currencyHint')}
            errors={fieldError('currency')}
          >
            {(control) => (
              <Input
                name="currency"
                maxLength={3}
                autoCapitalize="characters"
                value={currency}
                onChange={(event) => setCurrency(event.target.value)}
                {...control}
              />
            )}
          </FormField>
          <FormField label={t('form.requestedDeliveryDate')} errors={fieldError('requestedDeliveryDate')}>
            {(control) => <Input type="date" name="requestedDeliveryDate" defaultValue={values.requestedDeliveryDate} {...control} />}
          </FormField>
          <FormField label={t('form.incoterm')} errors={fieldError('incoterm')}>
            {(control) => (
              <NativeSelect name="incoterm" defaultValue={values.incoterm} {...control}>
                {INCOTERMS.map((incoterm) => (
                  <option key={incoterm} value={incoterm}>
                    {t(`incoterms.${incoterm}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('form.incotermPlace')} hint={t('form.incotermPlaceHint')} errors={fieldError('incotermPlace')}>
            {(control) => <Input name="incotermPlace" maxLength={120} defaultValue={values.incotermPlace} {...control} />}
          </FormField>
          <FormField label={t('form.paymentTerms')} errors={fieldError('paymentTerms')}>
            {(control) => (
              <NativeSelect name="paymentTerms" defaultValue={values.paymentTerms} {...control}>
                {PAYMENT_TERMS.map((terms) => (
                  <option key={terms} value={terms}>
                    {t(`paymentTerms.${terms}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <AddressSelect
            addresses={addresses}
            type="shipping"
            name="shipToAddressId"
            label={t('form.shipTo')}
            locale={locale}
            defaultValue={values.shipToAddressId || undefined}
            required={false}
            errors={fieldError('shipToAddressId')}
          />
        </div>
        <FormField label={t('form.notes')} errors={fieldError('notes')}>
          {(control) => <Textarea name="notes" rows={4} maxLength={4000} defaultValue={values.notes} {...control} />}
        </FormField>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <CardTitle>{t('form.attachmentsTitle')}</CardTitle>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('form.existingAttachments')}</legend>
          {attachmentFiles.length === 0 ? <p className="text-sm text-muted-foreground">{t('form.noExistingAttachments')}</p> : null}
          {attachmentFiles.map((file) => (
            <div key={file.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                id={`attachment-${file.id}`}
                name="attachmentFileIds"
                value={file.id}
                defaultChecked={values.attachmentFileIds.includes(file.id)}
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
        <FormField label={t('form.uploadAttachments')} hint={t('form.uploadHint')} errors={fieldError('newAttachments')}>
          {(control) => <Input type="file" name="newAttachments" multiple accept={FILE_ACCEPT.attachment} {...control} />}
        </FormField>
      </Card>

      <Card className="flex flex-col gap-3 p-6">
        <p className="text-lg font-semibold">
          {t('form.estimate')}: <output aria-live="polite">{total ? format.money(total, upperCurrency) : '—'}</output>
        </p>
        <p className="text-sm text-muted-foreground">{t('form.estimateHint')}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="place">
            {t('form.placeOrder')}
          </Button>
          <Button type="submit" name="intent" value="draft" variant="secondary">
            {t('form.saveDraft')}
          </Button>
          <Link to={localizePath(locale, draft ? `/app/orders/${draft.id}/view` : '/app/orders/buyer')} className={buttonClasses('ghost')}>
            {t('form.cancel')}
          </Link>
        </div>
      </Card>
    </Form>
  )
}
