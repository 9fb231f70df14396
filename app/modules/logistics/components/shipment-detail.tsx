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
import { countryName, countryOptions } from '../../../platform/countries'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { shipmentAttachmentUrl, type ShipmentMode, type ShipmentPackage, type ShipmentStatus, type TrackingSource } from '../logistics.constants'
import type { ShipmentRole } from '../shipment.inputs'
import type { RoutePoint } from '../map-projection'
import { RouteMap } from './route-map'
import { FILE_ACCEPT } from '../../kernel/index'
import { ShipmentClaims } from './shipment-claims'
import { ShipmentStatusBadge } from './shipment-status-badge'

/** A shipment as the tracking page shows it (dates as ISO text, local event times prepared by the loader). */
export type ShipmentView = {
  id: string
  number: string
  version: number
  role: ShipmentRole
  status: ShipmentStatus
  statusReason: string
  mode: ShipmentMode
  shipperName: string
  buyerName: string
  carrier: string
  /** The logistics provider on Tradeport carrying it (its accepted freight order), if any. */
  carrierCompanyName: string
  trackingNumber: string
  billOfLading: string
  airWaybill: string
  containerNumbers: string[]
  originName: string
  originCountry: string
  destinationName: string
  destinationCountry: string
  etd: string
  eta: string
  firstEta: string
  delayDays: number
  incoterm: string
  incotermPlace: string
  packages: ShipmentPackage[]
  packageCount: number
  grossWeightKg: string
  volumeM3: string
  notes: string
  receivedAt: string | null
  destinationWarehouseId: string | null
  lines: Array<{
    id: string
    orderId: string
    orderNumber: string
    sku: string
    description: string
    unit: string
    quantity: number
    receivedQuantity: number | null
    damagedQuantity: number | null
    receiptNote: string
  }>
  events: Array<{
    id: string
    occurredAt: string
    /** The time on the clock of the event's place, e.g. `2026-12-11 09:30 UTC+08:00` (null: the place's offset is unknown). */
    placeTime: string | null
    status: ShipmentStatus | null
    location: string
    description: string
    source: TrackingSource
    eta: string | null
    authorName: string | null
  }>
  etaChanges: Array<{ eta: string; previousEta: string | null; source: TrackingSource; createdAt: string }>
  attachments: Array<{ id: string; name: string }>
  receiptPhotos: Array<{ id: string; name: string; contentType: string }>
  actions: { statuses: ShipmentStatus[]; track: boolean; receive: boolean; chooseWarehouse: boolean }
}

export type ShipmentMap = { mapUrl: string; origin: RoutePoint | null; destination: RoutePoint | null; current: RoutePoint | null }
export type ShipmentActionResult =
  | { ok: true; intent: string; stored?: boolean }
  | { ok: false; intent?: string; orderId?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }
  | undefined

/** An order of the received shipment that arrived damaged or short: the buyer's claim on it. */
export type ShipmentClaim = {
  orderId: string
  orderNumber: string
  orderVersion: number
  /** The order may be disputed now (delivered); otherwise the claim waits for the rest of the order. */
  canDispute: boolean
  disputed: boolean
  /** The claim's reason, drafted from the receipt. */
  reason: string
}

type ShipmentDetailProps = {
  locale: Locale
  shipment: ShipmentView
  map: ShipmentMap
  /** The buyer's claims after a receipt with damaged or short goods. */
  claims: ShipmentClaim[]
  warehouses: Array<{ id: string; code: string; name: string }>
  /** Where to create a warehouse when there is none. */
  warehouseHref: string
  result: ShipmentActionResult
  idempotencyKey: string
  booked: boolean
  /** The shipment's documents' news (issued, accepted, rejected), already in the reader's words, for the timeline. */
  documentNews?: Array<{ id: string; at: string; text: string; href: string }>
}

const day = (iso: string) => `${iso}T12:00:00Z`

/** A shipment: where it is on the map, its timeline, what it carries, and the forms of the caller's side (texts from `logistics`). */
export function ShipmentDetailView({
  locale,
  shipment,
  map,
  claims,
  warehouses,
  warehouseHref,
  result,
  idempotencyKey,
  booked,
  documentNews = [],
}: ShipmentDetailProps) {
  const { t } = useTranslation('logistics')
  const format = useFormatter()
  const counterpart = shipment.role === 'buyer' ? shipment.shipperName : shipment.buyerName
  // A carrier is not a party to the orders: it reads their numbers, not their pages.
  const orderHref = (orderId: string) =>
    shipment.role === 'carrier'
      ? null
      : localizePath(locale, shipment.role === 'buyer' ? `/app/orders/${orderId}/view` : `/app/supplier/purchase/order/${orderId}`)
  const done = result?.ok ? result : undefined
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Link to={localizePath(locale, '/app/shipments/tracking')} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {t('detail.back')}
          </Link>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold">
            <span className="font-mono">{shipment.number}</span>
            <ShipmentStatusBadge status={shipment.status} />
          </h1>
          <p className="text-sm text-muted-foreground">
            {t(`detail.with.${shipment.role}`, { company: counterpart })} · {t(`modes.${shipment.mode}`)}
          </p>
        </div>
      </div>
      {booked ? (
        <p role="status" className="rounded-md border border-success/50 bg-success/10 p-3 text-sm">
          {t('detail.booked')}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="rounded-md border border-success/50 bg-success/10 p-3 text-sm">
          {done.intent === 'track' && done.stored === false ? t('detail.duplicate') : t(`detail.done.${done.intent}`)}
        </p>
      ) : null}
      {shipment.status === 'exception' ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {t('detail.exception', { reason: shipment.statusReason })}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="flex flex-col gap-3 p-4">
          <CardTitle>{t('detail.routeTitle')}</CardTitle>
          <RouteMap
            mapUrl={map.mapUrl}
            origin={map.origin}
            destination={map.destination}
            current={map.current}
            labels={{
              title: t('map.title', { number: shipment.number }),
              description: t('map.description', { origin: shipment.originName, destination: shipment.destinationName }),
              origin: t('map.origin'),
              destination: t('map.destination'),
              current: t('map.current'),
              empty: t('map.empty'),
            }}
          />
          <p className="text-sm">
            <span className="font-medium">{shipment.originName}</span> ({countryName(shipment.originCountry, locale)}) →{' '}
            <span className="font-medium">{shipment.destinationName}</span> ({countryName(shipment.destinationCountry, locale)})
          </p>
        </Card>
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.factsTitle')}</CardTitle>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('detail.etd')}</dt>
            <dd>{format.date(day(shipment.etd))}</dd>
            <dt className="text-muted-foreground">{t('detail.eta')}</dt>
            <dd>
              {format.date(day(shipment.eta))}
              {shipment.delayDays > 0 ? (
                <span className="ms-2 text-xs font-medium text-destructive">
                  {t('detail.delayed', { count: shipment.delayDays, first: format.date(day(shipment.firstEta)) })}
                </span>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">{t('detail.carrier')}</dt>
            <dd>{shipment.carrier || '—'}</dd>
            {shipment.carrierCompanyName ? (
              <>
                <dt className="text-muted-foreground">{t('detail.provider')}</dt>
                <dd>{shipment.carrierCompanyName}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t('detail.trackingNumber')}</dt>
            <dd className="font-mono break-all">{shipment.trackingNumber || '—'}</dd>
            {shipment.billOfLading ? (
              <>
                <dt className="text-muted-foreground">{t('detail.billOfLading')}</dt>
                <dd className="font-mono break-all">{shipment.billOfLading}</dd>
              </>
            ) : null}
            {shipment.airWaybill ? (
              <>
                <dt className="text-muted-foreground">{t('detail.airWaybill')}</dt>
                <dd className="font-mono break-all">{shipment.airWaybill}</dd>
              </>
            ) : null}
            {shipment.containerNumbers.length > 0 ? (
              <>
                <dt className="text-muted-foreground">{t('detail.containers')}</dt>
                <dd className="font-mono break-all">{shipment.containerNumbers.join(', ')}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t('detail.incoterm')}</dt>
            <dd>
              {shipment.incoterm} {shipment.incotermPlace}
            </dd>
            <dt className="text-muted-foreground">{t('detail.packages')}</dt>
            <dd>
              {shipment.packageCount > 0
                ? t('detail.packageSummary', {
                    count: shipment.packageCount,
                    weight: format.number(shipment.grossWeightKg),
                    volume: format.number(shipment.volumeM3),
                  })
                : '—'}
            </dd>
          </dl>
          {shipment.notes ? <p className="text-sm whitespace-pre-line">{shipment.notes}</p> : null}
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="flex flex-col gap-4 p-6">
          <CardTitle>{t('detail.timelineTitle')}</CardTitle>
          <ol className="flex flex-col gap-4 border-s border-border ps-4" aria-label={t('detail.timelineTitle')}>
            {timelineOf(shipment.events, documentNews).map((entry) =>
              entry.kind === 'document' ? (
                <li key={entry.item.id} className="relative">
                  <span aria-hidden className="absolute top-1.5 -start-[1.4rem] size-2.5 rounded-full bg-muted-foreground ring-4 ring-background" />
                  <a href={entry.item.href} className="text-sm font-medium underline-offset-4 hover:underline">
                    {entry.item.text}
                  </a>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={entry.item.at}>{format.dateTime(entry.item.at)}</time>
                  </p>
                </li>
              ) : (
                <TrackingLine key={entry.item.id} event={entry.item} />
              ),
            )}
          </ol>
        </Card>
        <div className="flex flex-col gap-6">
          {shipment.actions.track ? <TrackingEventForm shipment={shipment} result={result} /> : null}
          {shipment.actions.chooseWarehouse && warehouses.length > 0 ? (
            <ExpectedWarehouseForm shipment={shipment} warehouses={warehouses} result={result} />
          ) : null}
          <Card className="flex flex-col gap-3 p-6">
            <CardTitle>{t('detail.etaHistoryTitle')}</CardTitle>
            <ul className="flex flex-col gap-1 text-sm">
              {shipment.etaChanges.map((change, index) => (
                <li key={index}>
                  {format.date(day(change.eta))}
                  <span className="text-xs text-muted-foreground">
                    {' '}
                    · {index === 0 ? t('detail.firstPromise') : t(`sources.${change.source}`)} · {format.date(change.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          {shipment.receiptPhotos.length > 0 ? (
            <Card className="flex flex-col gap-3 p-6">
              <CardTitle>{t('detail.receiptPhotosTitle')}</CardTitle>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {shipment.receiptPhotos.map((file) => (
                  <li key={file.id}>
                    <a href={shipmentAttachmentUrl(shipment.id, file.id)} className="flex flex-col gap-1 text-xs underline-offset-4 hover:underline">
                      {file.contentType.startsWith('image/') ? (
                        <img
                          src={shipmentAttachmentUrl(shipment.id, file.id)}
                          alt={file.name}
                          loading="lazy"
                          className="aspect-square w-full rounded-md border border-border object-cover"
                        />
                      ) : null}
                      <span className="break-all">{file.name}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          {shipment.attachments.length > 0 ? (
            <Card className="flex flex-col gap-3 p-6">
              <CardTitle>{t('detail.attachmentsTitle')}</CardTitle>
              <ul className="flex flex-col gap-1 text-sm">
                {shipment.attachments.map((file) => (
                  <li key={file.id}>
                    <a href={shipmentAttachmentUrl(shipment.id, file.id)} className="underline-offset-4 hover:underline">
                      {file.name}
                    </a>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      </div>

      <Card className="flex flex-col gap-4 p-6">
        <CardTitle>{t('detail.linesTitle')}</CardTitle>
        <Table aria-label={t('detail.linesTitle')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('detail.columns.order')}</TableHead>
              <TableHead>{t('detail.columns.item')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.shipped')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.received')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.damaged')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.short')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shipment.lines.map((line) => {
              const received = line.receivedQuantity
              const short = received === null ? null : Math.max(0, line.quantity - received - (line.damagedQuantity ?? 0))
              return (
                <TableRow key={line.id}>
                  <TableCell className="font-mono text-xs">
                    {orderHref(line.orderId) === null ? (
                      line.orderNumber
                    ) : (
                      <Link to={orderHref(line.orderId)!} className="underline-offset-4 hover:underline">
                        {line.orderNumber}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell label={t('detail.columns.item')}>
                    {line.description}
                    {line.sku ? <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span> : null}
                    {line.receiptNote ? <span className="block text-xs text-muted-foreground">{line.receiptNote}</span> : null}
                  </TableCell>
                  <TableCell label={t('detail.columns.shipped')} className="text-end whitespace-nowrap">
                    {format.number(line.quantity)} {line.unit}
                  </TableCell>
                  <TableCell label={t('detail.columns.received')} className="text-end">
                    {received === null ? '—' : format.number(received)}
                  </TableCell>
                  <TableCell label={t('detail.columns.damaged')} className="text-end">
                    {line.damagedQuantity === null ? '—' : format.number(line.damagedQuantity)}
                  </TableCell>
                  <TableCell label={t('detail.columns.short')} className="text-end">
                    {short === null ? '—' : format.number(short)}
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </Card>

      {claims.length > 0 ? (
        <ShipmentClaims
          locale={locale}
          claims={claims}
          reasonErrors={result && !result.ok && result.intent === 'claim' ? result.fieldErrors.reason?.map((key) => t(key)) : undefined}
          failedOrderId={result && !result.ok && result.intent === 'claim' ? (result.orderId ?? null) : null}
          formError={result && !result.ok && result.intent === 'claim' ? result.formError : undefined}
        />
      ) : null}

      {shipment.actions.receive ? (
        <ReceiveForm shipment={shipment} warehouses={warehouses} warehouseHref={warehouseHref} result={result} idempotencyKey={idempotencyKey} />
      ) : null}
    </div>
  )
}

function fieldErrors(result: ShipmentActionResult, intent: string) {
  return result && !result.ok && result.intent === intent ? result : undefined
}

/** The shipping side reports what happened: a milestone, a place, a new ETA, or an exception with its reason. */
function TrackingEventForm({ shipment, result }: { shipment: ShipmentView; result: ShipmentActionResult }) {
  const { t, i18n } = useTranslation('logistics')
  const failed = fieldErrors(result, 'track')
  const errors = (name: string) => failed?.fieldErrors[name]?.map((key) => t(key))
  const [now] = useState(() => new Date().toISOString().slice(0, 16))
  return (
    <Card className="flex flex-col gap-4 p-6">
      <div>
        <CardTitle>{t('event.title')}</CardTitle>
        <CardDescription>{t('event.hint')}</CardDescription>
      </div>
      {failed?.formError ? <FormError error={failed.formError} /> : null}
      <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label={t('event.title')}>
        <input type="hidden" name="intent" value="track" />
        <FormField label={t('event.status')} errors={errors('status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue="" {...control}>
              <option value="">{t('event.noStatus')}</option>
              {shipment.actions.statuses.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('event.occurredAt')} hint={t('event.occurredAtHint')} errors={errors('occurredAt')}>
          {(control) => <Input type="datetime-local" name="occurredAt" defaultValue={now} required {...control} />}
        </FormField>
        <FormField label={t('event.utcOffset')} errors={errors('utcOffsetMinutes')}>
          {(control) => (
            <NativeSelect name="utcOffsetMinutes" defaultValue="0" {...control}>
              {UTC_OFFSETS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {offsetLabel(minutes)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('event.location')} errors={errors('location')}>
          {(control) => <Input name="location" maxLength={120} {...control} />}
        </FormField>
        <FormField label={t('event.country')} errors={errors('country')}>
          {(control) => (
            <NativeSelect name="country" defaultValue="" {...control}>
              <option value="">{t('event.anyCountry')}</option>
              {countryOptions(i18n.language).map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('event.eta')} hint={t('event.etaHint')} errors={errors('eta')}>
          {(control) => <Input type="date" name="eta" min={shipment.etd} {...control} />}
        </FormField>
        <FormField
          label={t('event.description')}
          hint={t('event.descriptionHint')}
          errors={errors('description') ?? errors('reason')}
          className="sm:col-span-2"
        >
          {(control) => <Textarea name="description" rows={2} required minLength={2} maxLength={500} {...control} />}
        </FormField>
        <input type="hidden" name="version" value={shipment.version} />
        <Button type="submit" className="self-start">
          {t('event.submit')}
        </Button>
      </Form>
    </Card>
  )
}

/** The offsets of the world's time zones, in minutes (the form's choices). */
const UTC_OFFSETS = [
  -600, -540, -480, -420, -360, -300, -240, -180, -120, -60, 0, 60, 120, 180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 540, 570, 600, 660, 720, 780,
]
const offsetLabel = (minutes: number) => {
  const sign = minutes < 0 ? '−' : '+'
  const abs = Math.abs(minutes)
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** The buyer names the warehouse the goods are expected in: they show there as incoming stock until received. */
function ExpectedWarehouseForm({
  shipment,
  warehouses,
  result,
}: {
  shipment: ShipmentView
  warehouses: ShipmentDetailProps['warehouses']
  result: ShipmentActionResult
}) {
  const { t } = useTranslation('logistics')
  const failed = fieldErrors(result, 'warehouse')
  return (
    <Card className="flex flex-col gap-3 p-6">
      <div>
        <CardTitle>{t('expected.title')}</CardTitle>
        <CardDescription>{t('expected.hint')}</CardDescription>
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={t('expected.title')}>
        <input type="hidden" name="intent" value="warehouse" />
        <FormField label={t('expected.warehouse')} errors={failed?.fieldErrors.warehouseId?.map((key) => t(key))} className="min-w-56">
          {(control) => (
            <NativeSelect name="warehouseId" defaultValue={shipment.destinationWarehouseId ?? ''} {...control}>
              <option value="">{t('expected.none')}</option>
              {warehouses.map((warehouse) => (
                <option key={warehouse.id} value={warehouse.id}>
                  {warehouse.code} · {warehouse.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('expected.submit')}
        </Button>
      </Form>
    </Card>
  )
}

/** The buyer records what arrived, per line, into a warehouse. */
function ReceiveForm({
  shipment,
  warehouses,
  warehouseHref,
  result,
  idempotencyKey,
}: {
  shipment: ShipmentView
  warehouses: ShipmentDetailProps['warehouses']
  warehouseHref: string
  result: ShipmentActionResult
  idempotencyKey: string
}) {
  const { t } = useTranslation('logistics')
  const failed = fieldErrors(result, 'receive')
  const errors = (name: string) => failed?.fieldErrors[name]?.map((key) => t(key))
  const photoErrors = [
    ...new Set(Object.entries(failed?.fieldErrors ?? {}).flatMap(([name, keys]) => (name.startsWith('photo') ? keys.map((key) => t(key)) : []))),
  ]
  const [submitKey] = useState(idempotencyKey)
  return (
    <Card id="receive" className="flex flex-col gap-4 p-6">
      <div>
        <CardTitle>{t('receive.title')}</CardTitle>
        <CardDescription>{t('receive.hint')}</CardDescription>
      </div>
      {failed?.formError ? <FormError error={failed.formError} /> : null}
      {warehouses.length === 0 ? (
        <div className="flex flex-col items-start gap-2 text-sm">
          <p>{t('receive.noWarehouse')}</p>
          <Link to={warehouseHref} className={buttonClasses('secondary')}>
            {t('receive.createWarehouse')}
          </Link>
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" aria-label={t('receive.title')}>
          <input type="hidden" name="intent" value="receive" />
          <input type="hidden" name="idempotencyKey" value={submitKey} />
          <input type="hidden" name="version" value={shipment.version} />
          <FormField label={t('receive.warehouse')} errors={errors('warehouseId')} className="max-w-sm">
            {(control) => (
              <NativeSelect name="warehouseId" defaultValue={shipment.destinationWarehouseId ?? warehouses[0]!.id} required {...control}>
                {warehouses.map((warehouse) => (
                  <option key={warehouse.id} value={warehouse.id}>
                    {warehouse.code} · {warehouse.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {shipment.lines.map((line, index) => (
            <fieldset key={line.id} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[2fr_1fr_1fr_2fr]">
              <legend className="px-1 text-sm font-medium">
                {line.orderNumber} · {line.description} ({t('receive.shipped', { count: line.quantity, unit: line.unit })})
              </legend>
              <input type="hidden" name={`lines.${index}.lineId`} value={line.id} />
              <FormField label={t('receive.good')} errors={errors(`lines.${index}.received`)}>
                {(control) => (
                  <Input
                    type="number"
                    name={`lines.${index}.received`}
                    min={0}
                    step={1}
                    defaultValue={line.quantity}
                    required
                    inputMode="numeric"
                    {...control}
                  />
                )}
              </FormField>
              <FormField label={t('receive.damaged')} errors={errors(`lines.${index}.damaged`)}>
                {(control) => <Input type="number" name={`lines.${index}.damaged`} min={0} step={1} defaultValue={0} inputMode="numeric" {...control} />}
              </FormField>
              <FormField label={t('receive.note')} errors={errors(`lines.${index}.note`)}>
                {(control) => <Input name={`lines.${index}.note`} maxLength={500} {...control} />}
              </FormField>
            </fieldset>
          ))}
          <FormField label={t('receive.overDelivery')} hint={t('receive.overDeliveryHint')} errors={errors('overDeliveryReason')}>
            {(control) => <Input name="overDeliveryReason" maxLength={500} {...control} />}
          </FormField>
          <FormField label={t('receive.photos')} hint={t('receive.photosHint')} errors={photoErrors.length > 0 ? photoErrors : undefined} className="max-w-xl">
            {(control) => <Input type="file" name="photos" multiple accept={FILE_ACCEPT.attachment} {...control} />}
          </FormField>
          <p className="text-sm text-muted-foreground">{t('receive.shortHint')}</p>
          <Button type="submit" className="self-start">
            {t('receive.submit')}
          </Button>
        </Form>
      )}
    </Card>
  )
}

type TimelineEvent = ShipmentView['events'][number]
type DocumentLine = NonNullable<ShipmentDetailProps['documentNews']>[number]

/** The tracking events and the documents' news in one list, newest first. */
function timelineOf(events: TimelineEvent[], news: DocumentLine[]) {
  const entries = [
    ...events.map((item) => ({ kind: 'event' as const, at: item.occurredAt, item })),
    ...news.map((item) => ({ kind: 'document' as const, at: item.at, item })),
  ]
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
}

/** One tracking event on the timeline. */
function TrackingLine({ event }: { event: TimelineEvent }) {
  const { t } = useTranslation('logistics')
  const format = useFormatter()
  return (
    <li className="relative">
      <span aria-hidden className="absolute top-1.5 -start-[1.4rem] size-2.5 rounded-full bg-primary ring-4 ring-background" />
      <div className="flex flex-wrap items-center gap-2">
        {event.status ? <ShipmentStatusBadge status={event.status} /> : null}
        <span className="text-sm font-medium">{event.location || t('detail.noPlace')}</span>
        <span className="text-xs text-muted-foreground">{t(`sources.${event.source}`)}</span>
      </div>
      {event.description ? (
        <p className="text-sm">{event.description}</p>
      ) : event.status === 'booked' ? (
        <p className="text-sm">{t('detail.bookedEvent')}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        <time dateTime={event.occurredAt}>{format.dateTime(event.occurredAt)}</time>
        {event.placeTime ? ` · ${t('detail.localTime', { time: event.placeTime })}` : ''}
        {event.authorName ? ` · ${event.authorName}` : ''}
      </p>
      {event.eta ? <p className="text-xs">{t('detail.newEta', { eta: format.date(day(event.eta)) })}</p> : null}
    </li>
  )
}
