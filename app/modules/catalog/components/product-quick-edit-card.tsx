import { type FormEvent, useEffect, useEffectEvent, useId, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { PRODUCT_STATUSES, type ProductStatus } from '../catalog.constants'
import { displayUnitPrice } from '../pricing'
import { QuickEditProductInput } from '../product.inputs'
import { ProductStatusBadge } from './product-filters'
import { ProductPlaceholder } from './product-placeholder'
import { useUnitName } from './use-unit-name'

/** One product as the grid shows it; prices are decimal strings. */
export type GridProduct = {
  id: string
  sku: string
  name: string
  status: ProductStatus
  moq: number
  unit: string
  version: number
  fromPrice: string | null
  fromPriceCurrency: string | null
  /** The base unit price in the active price list, when the product has one there. */
  basePrice: string | null
  thumbnailUrl: string | null
}

/** What the grid's action answers for one card. */
export type QuickEditResult = { ok: true; id: string } | { ok: false; id?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

type QuickEditCardProps = {
  product: GridProduct
  /** The active price list, whose base prices the card edits; null disables the price field. */
  priceList: { name: string; currency: string } | null
  canManage: boolean
  editHref: string
  priceListsHref: string
  /** The answer of a plain (no-JavaScript) form post, when it was about this product. */
  pageResult: QuickEditResult | undefined
}

/** A product card of the grid; admins change MOQ, status and base price in place without leaving the page. */
export function ProductQuickEditCard({ product, priceList, canManage, editHref, priceListsHref, pageResult }: QuickEditCardProps) {
  const { t } = useTranslation('catalog')
  const format = useFormatter()
  const titleId = useId()
  const unitName = useUnitName()
  const fromPrice = product.fromPrice && product.fromPriceCurrency ? format.unitPrice(product.fromPrice, product.fromPriceCurrency) : null
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-sm"
      data-testid="product-card"
    >
      <div className="aspect-[4/3] overflow-hidden bg-muted">
        {product.thumbnailUrl ? <img src={product.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" /> : <ProductPlaceholder />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="line-clamp-2 font-semibold leading-snug">
            <Link to={editHref} className="underline-offset-4 hover:underline">
              {product.name}
            </Link>
          </h3>
          <ProductStatusBadge status={product.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('grid.sku')}</dt>
          <dd className="font-mono text-xs leading-5">{product.sku}</dd>
          <dt className="text-muted-foreground">{t('grid.moq')}</dt>
          <dd>{t('grid.quantity', { quantity: format.number(product.moq), unit: unitName(product.unit, product.moq) })}</dd>
          <dt className="text-muted-foreground">{t('grid.fromPrice')}</dt>
          <dd>{fromPrice ?? t('grid.noPrice')}</dd>
        </dl>
        {canManage ? <QuickEditForm product={product} priceList={priceList} priceListsHref={priceListsHref} pageResult={pageResult} /> : null}
      </div>
    </article>
  )
}

/** The fields in the order they appear, so the first invalid one can take the focus. */
const FIELD_ORDER = ['moq', 'status', 'unitPrice'] as const

function QuickEditForm({ product, priceList, priceListsHref, pageResult }: Omit<QuickEditCardProps, 'canManage' | 'editHref'>) {
  const { t } = useTranslation('catalog')
  const fetcher = useFetcher<QuickEditResult>()
  const id = useId()
  const fieldId = (field: string) => `${id}-${field}`
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>()
  const result = fetcher.state === 'idle' ? (fetcher.data ?? pageResult) : undefined
  const failed = result && !result.ok ? result : undefined
  const fieldErrors = clientErrors ?? failed?.fieldErrors
  const errorsOf = (field: string) => fieldErrors?.[field]?.map((key) => t(key))
  const conflict = failed?.formError?.code === 'stale_version'
  const busy = fetcher.state !== 'idle'

  function focusFirstInvalid(errors: Record<string, string[]>) {
    const first = FIELD_ORDER.find((field) => errors[field]?.length)
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  const onAnswer = useEffectEvent((answer: Exclude<QuickEditResult, { ok: true }>) => focusFirstInvalid(answer.fieldErrors))

  useEffect(() => {
    if (failed) onAnswer(failed)
  }, [failed])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = QuickEditProductInput.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
    if (parsed.success) {
      setClientErrors(undefined)
      return
    }
    event.preventDefault()
    const errors = fieldErrorsOf(parsed.error)
    setClientErrors(errors)
    focusFirstInvalid(errors)
  }

  const priceHintId = `${id}-price-hint`
  return (
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('grid.quickEdit', { name: product.name })}
      className="mt-auto flex flex-col gap-3 border-t border-border pt-3"
    >
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="version" value={product.version} />
      {conflict ? (
        <p className="text-sm text-destructive" role="alert">
          {t('grid.conflict')}
        </p>
      ) : (
        <FormError error={failed?.formError} />
      )}
      {/* Remounted with each new version, so the fields show the stored values after a save or a conflict. */}
      <div key={product.version} className="grid grid-cols-2 gap-3">
        <FormField id={fieldId('moq')} label={t('grid.fields.moq')} errors={errorsOf('moq')}>
          {(control) => <Input name="moq" type="number" inputMode="numeric" min={1} step={1} defaultValue={product.moq} required {...control} />}
        </FormField>
        <FormField id={fieldId('status')} label={t('grid.fields.status')} errors={errorsOf('status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={product.status} {...control}>
              {PRODUCT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`statuses.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id={fieldId('unitPrice')}
          className="col-span-2"
          label={priceList ? t('grid.fields.unitPrice', { currency: priceList.currency }) : t('grid.fields.unitPriceNoList')}
          errors={errorsOf('unitPrice')}
        >
          {(control) => (
            <>
              <Input
                name="unitPrice"
                inputMode="decimal"
                defaultValue={priceList && product.basePrice ? displayUnitPrice(product.basePrice, priceList.currency) : ''}
                placeholder={priceList ? t('grid.noBasePrice') : undefined}
                disabled={!priceList}
                {...control}
                aria-describedby={[control['aria-describedby'], priceHintId].filter(Boolean).join(' ')}
              />
              <p id={priceHintId} className="text-xs text-muted-foreground">
                {priceList ? (
                  t('grid.priceHint', { list: priceList.name })
                ) : (
                  <>
                    {t('grid.noActiveList')}{' '}
                    <Link to={priceListsHref} className="text-primary underline">
                      {t('grid.priceListsLink')}
                    </Link>
                  </>
                )}
              </p>
            </>
          )}
        </FormField>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" disabled={busy} aria-label={t('grid.saveProduct', { name: product.name })}>
          {t('grid.save')}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {busy ? t('grid.saving') : result?.ok ? t('grid.saved') : ''}
        </p>
      </div>
    </fetcher.Form>
  )
}
