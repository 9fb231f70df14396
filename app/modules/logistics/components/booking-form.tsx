import { useState } from 'react'
import { Form, Link } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { countryOptions } from '../../../platform/countries'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { FORM_PACKAGE_ROWS } from '../booking-form'
import { MAX_SHIPMENT_ATTACHMENTS, PACKAGE_TYPES, SHIPMENT_MODES } from '../logistics.constants'
import { FILE_ACCEPT } from '../../kernel/index'

/** An open order line as the form lists it. */
export type BookingLine = {
  orderId: string
  orderNumber: string
  orderLineId: string
  sku: string
  description: string
  unit: string
  quantity: number
  shipped: number
  remaining: number
  /** Filled in with what remains (the order the page was opened for). */
  preselected: boolean
}

export type BookingDefaults = {
  origin: { name: string; country: string }
  destination: { name: string; country: string }
  etd: string
  eta: string
  incoterm: string
  incotermPlace: string
}

export type BookingResult = { ok: false; fieldErrors: Record<string, string[]>; formError?: FormErrorData } | undefined

type BookingFormProps = {
  locale: Locale
  buyerName: string
  /** The supplier whose goods a freight provider books; null when the supplier books its own. */
  supplierName: string | null
  lines: BookingLine[]
  defaults: BookingDefaults
  idempotencyKey: string
  result: BookingResult
}

/** The booking of one shipment for one buyer: lines and quantities, transport, route and dates, packages (texts from `logistics`). */
export function BookingForm({ locale, buyerName, supplierName, lines, defaults, idempotencyKey, result }: BookingFormProps) {
  const { t } = useTranslation('logistics')
  const format = useFormatter()
  // One key for the life of the form: a retried submission books once, a failed one keeps the key and the input.
  const [submitKey] = useState(idempotencyKey)
  const errors = (name: string) => result?.fieldErrors[name]?.map((key) => t(key))
  // A stored file's problem (type, size, one of too many) is the upload field's.
  const attachmentErrors = [
    ...new Set(
      Object.entries(result?.fieldErrors ?? {}).flatMap(([name, keys]) =>
        name === 'newAttachments' || name.startsWith('attachmentFileIds') ? keys.map((key) => t(key)) : [],
      ),
    ),
  ]
  const countries = countryOptions(locale)
  const countrySelect = (name: string, value: string) => (
    <FormField label={t('booking.country')} errors={errors(name)}>
      {(control) => (
        <NativeSelect name={name} defaultValue={value} required {...control}>
          <option value="">{t('booking.chooseCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" aria-label={t('booking.formLabel', { buyer: buyerName })}>
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="idempotencyKey" value={submitKey} />
      {result?.formError ? <FormError error={result.formError} /> : null}

      <Card className="flex flex-col gap-4 p-6">
        <div>
          <CardTitle>{t('booking.linesTitle', { buyer: buyerName })}</CardTitle>
          <CardDescription>{supplierName === null ? t('booking.linesHint') : t('booking.carriedHint', { supplier: supplierName })}</CardDescription>
        </div>
        {errors('lines')?.length ? (
          <p className="text-sm text-destructive" role="alert">
            {errors('lines')!.join(' ')}
          </p>
        ) : null}
        <Table aria-label={t('booking.linesTitle', { buyer: buyerName })} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('booking.columns.order')}</TableHead>
              <TableHead>{t('booking.columns.item')}</TableHead>
              <TableHead className="text-end">{t('booking.columns.ordered')}</TableHead>
              <TableHead className="text-end">{t('booking.columns.shipped')}</TableHead>
              <TableHead className="w-40">{t('booking.columns.shipNow')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.orderLineId}>
                <TableCell className="font-mono text-xs">
                  {/* A freight provider is not a party to the order: it sees the number, not the order's page. */}
                  {supplierName === null ? (
                    <Link to={localizePath(locale, `/app/supplier/purchase/order/${line.orderId}`)} className="underline-offset-4 hover:underline">
                      {line.orderNumber}
                    </Link>
                  ) : (
                    line.orderNumber
                  )}
                </TableCell>
                <TableCell label={t('booking.columns.item')}>
                  <span className="font-medium">{line.description}</span>
                  {line.sku ? <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span> : null}
                </TableCell>
                <TableCell label={t('booking.columns.ordered')} className="text-end whitespace-nowrap">
                  {format.number(line.quantity)} {line.unit}
                </TableCell>
                <TableCell label={t('booking.columns.shipped')} className="text-end whitespace-nowrap">
                  {format.number(line.shipped)}
                </TableCell>
                <TableCell label={t('booking.columns.shipNow')}>
                  <input type="hidden" name={`order.${line.orderLineId}`} value={line.orderId} />
                  <FormField
                    label={t('booking.quantityFor', { item: line.description, order: line.orderNumber })}
                    errors={errors(`quantities.${line.orderLineId}`)}
                    className="[&>label]:sr-only"
                  >
                    {(control) => (
                      <Input
                        type="number"
                        name={`quantities.${line.orderLineId}`}
                        min={0}
                        max={line.remaining}
                        step={1}
                        inputMode="numeric"
                        defaultValue={line.preselected ? line.remaining : ''}
                        placeholder={t('booking.remaining', { count: line.remaining })}
                        {...control}
                      />
                    )}
                  </FormField>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <CardTitle>{t('booking.transportTitle')}</CardTitle>
        <div className="grid gap-4 md:grid-cols-3">
          <FormField label={t('booking.mode')} errors={errors('mode')}>
            {(control) => (
              <NativeSelect name="mode" defaultValue="sea_lcl" required {...control}>
                {SHIPMENT_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`modes.${mode}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('booking.carrier')} hint={t('booking.carrierHint')} errors={errors('carrier')}>
            {(control) => <Input name="carrier" maxLength={120} autoComplete="off" {...control} />}
          </FormField>
          <FormField label={t('booking.trackingNumber')} hint={t('booking.trackingNumberHint')} errors={errors('trackingNumber')}>
            {(control) => <Input name="trackingNumber" maxLength={60} autoComplete="off" className="font-mono" {...control} />}
          </FormField>
          <FormField label={t('booking.billOfLading')} errors={errors('billOfLading')}>
            {(control) => <Input name="billOfLading" maxLength={60} autoComplete="off" className="font-mono" {...control} />}
          </FormField>
          <FormField label={t('booking.airWaybill')} errors={errors('airWaybill')}>
            {(control) => <Input name="airWaybill" maxLength={60} autoComplete="off" className="font-mono" {...control} />}
          </FormField>
          <FormField label={t('booking.containers')} hint={t('booking.containersHint')} errors={errors('containerNumbers')}>
            {(control) => <Input name="containerNumbers" maxLength={1100} autoComplete="off" className="font-mono" {...control} />}
          </FormField>
        </div>
        <p className="text-sm text-muted-foreground">{t('booking.incoterm', { incoterm: defaults.incoterm, place: defaults.incotermPlace })}</p>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <CardTitle>{t('booking.routeTitle')}</CardTitle>
        <div className="grid gap-4 md:grid-cols-2">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{t('booking.origin')}</legend>
            <FormField label={t('booking.place')} hint={t('booking.placeHint')} errors={errors('origin.name')}>
              {(control) => <Input name="origin.name" defaultValue={defaults.origin.name} required minLength={2} maxLength={120} {...control} />}
            </FormField>
            {countrySelect('origin.country', defaults.origin.country)}
          </fieldset>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{t('booking.destination')}</legend>
            <FormField label={t('booking.place')} hint={t('booking.placeHint')} errors={errors('destination.name')}>
              {(control) => <Input name="destination.name" defaultValue={defaults.destination.name} required minLength={2} maxLength={120} {...control} />}
            </FormField>
            {countrySelect('destination.country', defaults.destination.country)}
          </fieldset>
          <FormField label={t('booking.etd')} errors={errors('etd')}>
            {(control) => <Input type="date" name="etd" defaultValue={defaults.etd} required {...control} />}
          </FormField>
          <FormField label={t('booking.eta')} errors={errors('eta')}>
            {(control) => <Input type="date" name="eta" defaultValue={defaults.eta} required {...control} />}
          </FormField>
        </div>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <div>
          <CardTitle>{t('booking.packagesTitle')}</CardTitle>
          <CardDescription>{t('booking.packagesHint')}</CardDescription>
        </div>
        {Array.from({ length: FORM_PACKAGE_ROWS }, (_, index) => (
          <fieldset key={index} className="grid grid-cols-2 gap-3 rounded-md border border-border p-3 sm:grid-cols-4 lg:grid-cols-7">
            <legend className="px-1 text-sm font-medium">{t('booking.packageRow', { number: index + 1 })}</legend>
            <FormField label={t('booking.packageCount')} errors={errors(`packages.${index}.count`)}>
              {(control) => <Input type="number" name={`packages.${index}.count`} min={1} step={1} inputMode="numeric" {...control} />}
            </FormField>
            <FormField label={t('booking.packageType')} errors={errors(`packages.${index}.type`)}>
              {(control) => (
                <NativeSelect name={`packages.${index}.type`} defaultValue="carton" {...control}>
                  {PACKAGE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`packageTypes.${type}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('booking.grossWeight')} errors={errors(`packages.${index}.grossWeightKg`)}>
              {(control) => <Input name={`packages.${index}.grossWeightKg`} inputMode="decimal" {...control} />}
            </FormField>
            <FormField label={t('booking.netWeight')} errors={errors(`packages.${index}.netWeightKg`)}>
              {(control) => <Input name={`packages.${index}.netWeightKg`} inputMode="decimal" {...control} />}
            </FormField>
            <FormField label={t('booking.length')} errors={errors(`packages.${index}.lengthCm`)}>
              {(control) => <Input type="number" name={`packages.${index}.lengthCm`} min={1} step={1} inputMode="numeric" {...control} />}
            </FormField>
            <FormField label={t('booking.width')} errors={errors(`packages.${index}.widthCm`)}>
              {(control) => <Input type="number" name={`packages.${index}.widthCm`} min={1} step={1} inputMode="numeric" {...control} />}
            </FormField>
            <FormField label={t('booking.height')} errors={errors(`packages.${index}.heightCm`)}>
              {(control) => <Input type="number" name={`packages.${index}.heightCm`} min={1} step={1} inputMode="numeric" {...control} />}
            </FormField>
          </fieldset>
        ))}
        <FormField label={t('booking.notes')} errors={errors('notes')}>
          {(control) => <Textarea name="notes" rows={3} maxLength={2000} {...control} />}
        </FormField>
      </Card>

      <Card className="flex flex-col gap-4 p-6">
        <div>
          <CardTitle>{t('booking.attachmentsTitle')}</CardTitle>
          <CardDescription>{t('booking.attachmentsHint', { max: MAX_SHIPMENT_ATTACHMENTS })}</CardDescription>
        </div>
        <FormField label={t('booking.uploadAttachments')} errors={attachmentErrors.length > 0 ? attachmentErrors : undefined}>
          {(control) => <Input type="file" name="newAttachments" multiple accept={FILE_ACCEPT.attachment} {...control} />}
        </FormField>
      </Card>

      <div className="flex flex-wrap gap-3">
        <Button type="submit">{t('booking.submit')}</Button>
        <Link to={localizePath(locale, '/app/shipments/shipping')} className={buttonClasses('ghost')}>
          {t('booking.otherBuyer')}
        </Link>
      </div>
    </Form>
  )
}
