import { randomUUID } from 'node:crypto'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { Fragment, useEffect, useRef, useState } from 'react'
import { Form, Link, redirect } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { CreateProductInput, MAX_PRODUCT_IMAGES, PRODUCT_UNITS, ProductImagesInput, UpdateProductInput } from '../../../modules/catalog/index'
import { categoryTree, createProduct, flattenCategories, getProduct, setProductImages, updateProduct } from '../../../modules/catalog/index.server'
import { hasRole, requireRole } from '../../../modules/companies/index'
import { fileThumbnailUrl } from '../../../modules/kernel/index'
import { requireActor } from '../../../modules/companies/index.server'
import { uploadFile } from '../../../modules/kernel/index.server'
import { productEpingNotices, searchHsCodes } from '../../../modules/compliance/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { countryOptions } from '../../../platform/countries'
import { AppError, isAppError } from '../../../platform/errors'
import { uploadFromForm } from '../../../platform/files/upload-form.server'
import { failure, failureFromError, formToObject, withRouteErrors } from '../../../platform/forms.server'
import { http } from '../../../platform/http/client'
import { localizePath } from '../../../platform/i18n/locales'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm, type IdempotencyOption, idempotencyOfPart } from '../../../platform/idempotency/idempotency.server'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import type { z } from '../../../platform/zod'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/edit'

type HsOption = { code: string; description: string }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const id = new URL(request.url).searchParams.get('id')
  const canManage = hasRole(ctx.actor, 'admin')
  const [product, tree] = await withRouteErrors(() => {
    if (!id && !canManage) throw new AppError('insufficient_role', 'Your role does not allow this', { requiredRole: 'admin' })
    return Promise.all([id ? getProduct(ctx, id) : Promise.resolve(null), categoryTree(ctx.locale)])
  })
  const [hsCode, notices] = await Promise.all([
    product?.hsCode
      ? searchHsCodes({ q: product.hsCode, level: 6, limit: 1 }, ctx.locale).then((options) => options.find((option) => option.code === product.hsCode))
      : undefined,
    // The WTO notifications matched to this product (issue 22): "2 regulatory notices affect this product".
    product ? productEpingNotices(ctx, product.id) : null,
  ])
  return {
    ...pageData(ctx.locale, 'catalog', product ? 'edit.metaTitleEdit' : 'edit.metaTitleNew'),
    product: product
      ? {
          id: product.id,
          version: product.version,
          nameEn: product.nameEn,
          nameZhHans: product.nameZhHans ?? '',
          nameZhHant: product.nameZhHant ?? '',
          descriptionEn: product.descriptionEn,
          descriptionZhHans: product.descriptionZhHans ?? '',
          descriptionZhHant: product.descriptionZhHant ?? '',
          sku: product.sku,
          categoryId: product.categoryId,
          hsCode: product.hsCode ?? '',
          originCountry: product.originCountry,
          unit: product.unit,
          moq: product.moq,
          leadTimeDays: product.leadTimeDays,
          attributes: product.attributes,
          images: product.images.map((image) => ({ fileId: image.fileId, alt: image.alt })),
        }
      : null,
    hsDescription: hsCode?.description ?? '',
    notices: notices
      ? {
          total: notices.total,
          open: notices.open,
          items: notices.items.slice(0, 3).map((item) => ({ id: item.id, symbol: item.documentSymbol, title: item.title })),
        }
      : null,
    categories: flattenCategories(tree),
    countries: countryOptions(ctx.locale),
    canManage,
    idempotencyKey: product ? undefined : randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The form field of each attribute text: one per row, read back by position. */
const ATTRIBUTE_FIELDS = {
  name: 'attributeName',
  value: 'attributeValue',
  nameZhHans: 'attributeNameZhHans',
  valueZhHans: 'attributeValueZhHans',
  nameZhHant: 'attributeNameZhHant',
  valueZhHant: 'attributeValueZhHant',
} as const
type AttributeTexts = Record<keyof typeof ATTRIBUTE_FIELDS, string>
const TRANSLATED_FIELDS = [
  ['nameZhHans', 'valueZhHans', 'zhHans'],
  ['nameZhHant', 'valueZhHant', 'zhHant'],
] as const

/** The submitted attribute rows; rows left entirely blank are skipped, `indices` maps the kept rows back to the form's. */
function submittedAttributes(form: FormData) {
  const columns = Object.fromEntries(Object.entries(ATTRIBUTE_FIELDS).map(([key, field]) => [key, form.getAll(field).map(String)])) as Record<
    keyof AttributeTexts,
    string[]
  >
  const rows = columns.name.map(
    (_name, index) =>
      Object.fromEntries(Object.keys(ATTRIBUTE_FIELDS).map((key) => [key, columns[key as keyof AttributeTexts][index] ?? ''])) as AttributeTexts,
  )
  const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => Object.values(row).some((text) => text.trim()))
  return { attributes: kept.map(({ row }) => row), indices: kept.map(({ index }) => index) }
}

/** Field errors under `attributes.<kept index>.…` renamed to the form's row numbers. */
const toFormRows = (fields: Record<string, string[]>, indices: number[]) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, keys]) => [
      name.replace(/^attributes\.(\d+)\./, (_all, kept: string) => `attributes.${indices[Number(kept)] ?? kept}.`),
      keys,
    ]),
  )

/** The kept gallery in the form's order, then the chosen new files (not yet uploaded). */
function submittedImages(form: FormData) {
  const alts = form.getAll('imageAlt').map(String)
  const removed = new Set(form.getAll('imageRemove').map(String))
  const kept = form
    .getAll('imageFileId')
    .map(String)
    .map((fileId, index) => ({ fileId, alt: alts[index] ?? '' }))
    .filter((image) => !removed.has(image.fileId))
  return { kept, uploads: form.getAll('newImages') }
}

/** Stores the form's new images; under the form's key each gets a key of its own, so a resent form stores them once. */
async function uploadImages(
  ctx: ServiceContext,
  uploads: FormDataEntryValue[],
  idempotency: IdempotencyOption,
): Promise<Array<{ fileId: string; alt: string }>> {
  const stored: Array<{ fileId: string; alt: string }> = []
  for (const [index, value] of uploads.entries()) {
    const upload = await uploadFromForm(value)
    if (!upload) continue
    const file = await uploadFile(ctx, { purpose: 'product_image', ...upload }, idempotencyOfPart(idempotency, `image:${index}`))
    stored.push({ fileId: file.id, alt: '' })
  }
  return stored
}

/** The form as a new product, or as an edit of `id` carrying the version it started from. */
function parseProduct(
  ctx: ServiceContext,
  id: string | null,
  raw: Record<string, unknown>,
): { ok: true; save: (idempotency: IdempotencyOption) => Promise<{ id: string }> } | { ok: false; error: z.ZodError } {
  if (id) {
    const parsed = UpdateProductInput.safeParse(raw)
    return parsed.success ? { ok: true, save: () => updateProduct(ctx, id, parsed.data) } : { ok: false, error: parsed.error }
  }
  const parsed = CreateProductInput.safeParse(raw)
  return parsed.success ? { ok: true, save: (idempotency) => createProduct(ctx, parsed.data, idempotency) } : { ok: false, error: parsed.error }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const id = new URL(request.url).searchParams.get('id')
  try {
    // Authorised before validation and uploads, so a member's files are never stored; another company's product is a 404 first.
    if (id) await getProduct(ctx, id)
    requireRole(ctx.actor, 'admin')
  } catch (error) {
    return failureFromError(error)
  }
  const form = await request.formData()
  const { attributes, indices } = submittedAttributes(form)
  const raw = { ...formToObject(form), attributes }
  const parsed = parseProduct(ctx, id, raw)
  if (!parsed.ok) return failure({ ok: false, fieldErrors: toFormRows(fieldErrorsOf(parsed.error), indices) })
  const { kept, uploads } = submittedImages(form)
  const chosenFiles = uploads.filter((value): value is File => typeof value !== 'string' && Boolean(value.name || value.size > 0))
  if (chosenFiles.some((file) => !file.type.startsWith('image/'))) return failure({ ok: false, fieldErrors: { images: ['validation.image'] } })
  const chosen = chosenFiles.length
  // Checked before anything is stored, so a refused gallery never leaves a half-saved product behind.
  const gallery = ProductImagesInput.safeParse({
    images: [...kept, ...Array.from({ length: chosen }, (_unused, index) => ({ fileId: `new-${index}`, alt: '' }))],
  })
  if (!gallery.success) return failure({ ok: false, fieldErrors: { images: Object.values(fieldErrorsOf(gallery.error)).flat() } })
  try {
    const idempotency = idempotencyOfForm(form)
    const added = await uploadImages(ctx, uploads, idempotency)
    const product = await parsed.save(idempotency)
    if (id || added.length > 0) await setProductImages(ctx, product.id, { images: [...kept, ...added] })
    return redirect(`${localizePath(ctx.locale, '/app/products')}?saved=1`)
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed' && error.details?.fields) {
      return failure({ ok: false, fieldErrors: toFormRows(error.details.fields as Record<string, string[]>, indices) })
    }
    if (isAppError(error) && error.code === 'stale_version') return failure({ ok: false, fieldErrors: {} }, 409, { conflict: true })
    return failureFromError(error)
  }
}

/** Suggestions for the HS code field, fetched as the user types; stale answers are dropped. */
function useHsSuggestions(query: string): HsOption[] {
  const [options, setOptions] = useState<HsOption[]>([])
  const latest = useRef(0)
  useEffect(() => {
    const term = query.trim()
    if (term.length < 2) return
    const request = ++latest.current
    const timer = setTimeout(() => {
      http<{ items: HsOption[] }>('/api/v1/hs-codes', { query: { q: term, level: '6', limit: '20' } })
        .then((answer) => {
          if (request === latest.current) setOptions(answer.items)
        })
        // Suggestions are a convenience: typing the code by hand still works when the lookup fails.
        .catch(() => undefined)
    }, 250)
    return () => clearTimeout(timer)
  }, [query])
  return options
}

type AttributeRow = { key: number } & Partial<AttributeTexts> & { name: string; value: string }
type ImageRow = { fileId: string; alt: string }

export default function ProductEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, countries, canManage } = loaderData
  const { t } = useTranslation('catalog')
  const { locale } = useRootData()
  const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined
  const fieldError = useFieldErrors(fieldErrors, 'catalog')
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const conflict = Boolean(actionData && 'conflict' in actionData && actionData.conflict)
  const [attributes, setAttributes] = useState<AttributeRow[]>(() => (product?.attributes ?? []).map((attribute, index) => ({ key: index, ...attribute })))
  const nextKey = useRef(product?.attributes.length ?? 0)
  const addAttribute = () => {
    const key = nextKey.current++
    setAttributes((current) => [...current, { key, name: '', value: '' }])
  }
  const [images, setImages] = useState<ImageRow[]>(() => product?.images ?? [])
  const [hsCode, setHsCode] = useState(product?.hsCode ?? '')
  const suggestions = useHsSuggestions(hsCode)
  const hsDescription = suggestions.find((option) => option.code === hsCode)?.description ?? (hsCode === product?.hsCode ? loaderData.hsDescription : '')
  const listHref = localizePath(locale, '/app/products')
  const readOnly = !canManage

  const move = (index: number, by: -1 | 1) =>
    setImages((current) => {
      const next = [...current]
      const [moved] = next.splice(index, 1)
      if (moved) next.splice(index + by, 0, moved)
      return next
    })

  const localeFields = [
    { suffix: 'En', label: t('edit.locales.en'), required: true },
    { suffix: 'ZhHans', label: t('edit.locales.zhHans'), required: false },
    { suffix: 'ZhHant', label: t('edit.locales.zhHant'), required: false },
  ] as const

  return (
    <AppPage
      title={product ? t('edit.titleEdit', { name: product.nameEn }) : t('edit.titleNew')}
      description={t('edit.description')}
      actions={
        <Link to={listHref} className={buttonClasses('secondary')}>
          {t('edit.back')}
        </Link>
      }
    >
      {readOnly ? <Alert tone="info">{t('edit.readOnly')}</Alert> : null}
      {loaderData.notices && loaderData.notices.total > 0 ? (
        <Alert tone="warning" title={t('edit.regulatory.count', { count: loaderData.notices.total })}>
          <div className="flex flex-col gap-1">
            {loaderData.notices.open > 0 ? <p>{t('edit.regulatory.open', { count: loaderData.notices.open })}</p> : null}
            <ul className="flex flex-col gap-1">
              {loaderData.notices.items.map((notice) => (
                <li key={notice.id}>
                  <Link
                    to={localizePath(locale, `/app/infor/eping/${encodeURIComponent(notice.id)}`)}
                    className="break-words text-primary underline-offset-4 hover:underline"
                  >
                    {`${notice.symbol} · ${notice.title}`}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to={localizePath(locale, '/app/infor/eping?matched=true')} className="text-primary underline-offset-4 hover:underline">
              {t('edit.regulatory.all')}
            </Link>
          </div>
        </Alert>
      ) : null}
      {conflict ? <Alert tone="error">{t('edit.conflict')}</Alert> : null}
      <FormError error={formError} />

      <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-6">
        <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
          {product ? <input type="hidden" name="version" value={product.version} /> : null}
          <IdempotencyField value={loaderData.idempotencyKey} />

          <Card className="flex flex-col gap-4 p-6">
            <CardTitle>{t('edit.sections.names')}</CardTitle>
            {localeFields.map(({ suffix, label, required }) => (
              <div key={suffix} className="grid gap-4 md:grid-cols-[1fr_2fr]">
                <FormField label={t('edit.fields.name', { locale: label })} errors={fieldError(`name${suffix}`)}>
                  {(control) => (
                    <Input name={`name${suffix}`} defaultValue={product?.[`name${suffix}`] ?? ''} maxLength={200} required={required} {...control} />
                  )}
                </FormField>
                <FormField label={t('edit.fields.description', { locale: label })} errors={fieldError(`description${suffix}`)}>
                  {(control) => (
                    <Textarea name={`description${suffix}`} defaultValue={product?.[`description${suffix}`] ?? ''} maxLength={5000} rows={3} {...control} />
                  )}
                </FormField>
              </div>
            ))}
          </Card>

          <Card className="grid gap-4 p-6 md:grid-cols-2">
            <CardTitle className="md:col-span-2">{t('edit.sections.details')}</CardTitle>
            <FormField label={t('edit.fields.sku')} hint={t('edit.hints.sku')} errors={fieldError('sku')}>
              {(control) => <Input name="sku" defaultValue={product?.sku ?? ''} maxLength={64} required autoComplete="off" {...control} />}
            </FormField>
            <FormField label={t('edit.fields.category')} errors={fieldError('categoryId')}>
              {(control) => (
                <NativeSelect name="categoryId" defaultValue={product?.categoryId ?? ''} required {...control}>
                  <option value="">{t('edit.choose')}</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {'\u00a0\u00a0'.repeat(category.depth)}
                      {category.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('edit.fields.hsCode')} hint={hsDescription || t('edit.hints.hsCode')} errors={fieldError('hsCode')}>
              {(control) => (
                <>
                  <Input
                    name="hsCode"
                    value={hsCode}
                    onChange={(event) => setHsCode(event.target.value)}
                    list="hs-code-options"
                    maxLength={100}
                    autoComplete="off"
                    {...control}
                  />
                  <datalist id="hs-code-options">
                    {suggestions.map((option) => (
                      <option key={option.code} value={option.code}>
                        {option.description}
                      </option>
                    ))}
                  </datalist>
                  <a
                    href={localizePath(locale, '/hscode-demo')}
                    target="_blank"
                    rel="noopener"
                    className="text-xs text-primary underline-offset-4 hover:underline"
                  >
                    {t('edit.hsLookup')}
                  </a>
                </>
              )}
            </FormField>
            <FormField label={t('edit.fields.originCountry')} errors={fieldError('originCountry')}>
              {(control) => (
                <NativeSelect name="originCountry" defaultValue={product?.originCountry ?? ''} required {...control}>
                  <option value="">{t('edit.choose')}</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('edit.fields.unit')} errors={fieldError('unit')}>
              {(control) => (
                <NativeSelect name="unit" defaultValue={product?.unit ?? 'piece'} required {...control}>
                  {PRODUCT_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {t(`units.${unit}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('edit.fields.moq')} errors={fieldError('moq')}>
              {(control) => <Input name="moq" type="number" min={1} step={1} defaultValue={product?.moq ?? 1} required {...control} />}
            </FormField>
            <FormField label={t('edit.fields.leadTime')} errors={fieldError('leadTimeDays')}>
              {(control) => <Input name="leadTimeDays" type="number" min={0} max={365} step={1} defaultValue={product?.leadTimeDays ?? ''} {...control} />}
            </FormField>
          </Card>

          <Card className="flex flex-col gap-4 p-6">
            <div>
              <CardTitle>{t('edit.sections.attributes')}</CardTitle>
              <CardDescription>{t('edit.hints.attributes')}</CardDescription>
            </div>
            {fieldError('attributes')?.length ? <Alert tone="error">{fieldError('attributes')?.join(' ')}</Alert> : null}
            {attributes.length === 0 ? <p className="text-sm text-muted-foreground">{t('edit.noAttributes')}</p> : null}
            <ul className="flex flex-col gap-3">
              {attributes.map((attribute, index) => (
                <li key={attribute.key} className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
                  <FormField label={t('edit.fields.attributeName', { number: index + 1 })} errors={fieldError(`attributes.${index}.name`)}>
                    {(control) => <Input name="attributeName" defaultValue={attribute.name} maxLength={60} {...control} />}
                  </FormField>
                  <FormField label={t('edit.fields.attributeValue', { number: index + 1 })} errors={fieldError(`attributes.${index}.value`)}>
                    {(control) => <Input name="attributeValue" defaultValue={attribute.value} maxLength={200} {...control} />}
                  </FormField>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('edit.removeAttribute', { number: index + 1 })}
                    onClick={() => setAttributes((current) => current.filter((item) => item.key !== attribute.key))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                  {/* Closed, the translations are still sent: every row carries all six fields, read back by position. */}
                  <details
                    className="sm:col-span-3"
                    open={
                      TRANSLATED_FIELDS.some(
                        ([name, value]) => fieldError(`attributes.${index}.${name}`)?.length || fieldError(`attributes.${index}.${value}`)?.length,
                      ) || undefined
                    }
                  >
                    <summary className="cursor-pointer text-sm text-muted-foreground">{t('edit.attributeTranslations', { number: index + 1 })}</summary>
                    <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr]">
                      {TRANSLATED_FIELDS.map(([name, value, language]) => (
                        <Fragment key={language}>
                          <FormField
                            label={t('edit.fields.attributeNameIn', { number: index + 1, locale: t(`edit.locales.${language}`) })}
                            errors={fieldError(`attributes.${index}.${name}`)}
                          >
                            {(control) => (
                              <Input
                                name={ATTRIBUTE_FIELDS[name]}
                                lang={language === 'zhHans' ? 'zh-Hans' : 'zh-Hant'}
                                defaultValue={attribute[name] ?? ''}
                                maxLength={60}
                                {...control}
                              />
                            )}
                          </FormField>
                          <FormField
                            label={t('edit.fields.attributeValueIn', { number: index + 1, locale: t(`edit.locales.${language}`) })}
                            errors={fieldError(`attributes.${index}.${value}`)}
                          >
                            {(control) => (
                              <Input
                                name={ATTRIBUTE_FIELDS[value]}
                                lang={language === 'zhHans' ? 'zh-Hans' : 'zh-Hant'}
                                defaultValue={attribute[value] ?? ''}
                                maxLength={200}
                                {...control}
                              />
                            )}
                          </FormField>
                        </Fragment>
                      ))}
                    </div>
                  </details>
                </li>
              ))}
            </ul>
            <Button variant="secondary" size="sm" className="self-start" onClick={addAttribute}>
              <Plus aria-hidden="true" />
              {t('edit.addAttribute')}
            </Button>
          </Card>

          <Card className="flex flex-col gap-4 p-6">
            <div>
              <CardTitle>{t('edit.sections.images')}</CardTitle>
              <CardDescription>{t('edit.hints.images', { max: MAX_PRODUCT_IMAGES })}</CardDescription>
            </div>
            {fieldError('images')?.length ? <Alert tone="error">{fieldError('images')?.join(' ')}</Alert> : null}
            {images.length === 0 ? <p className="text-sm text-muted-foreground">{t('edit.noImages')}</p> : null}
            <ol className="flex flex-col gap-3">
              {images.map((image, index) => (
                <li key={image.fileId} className="grid items-center gap-3 sm:grid-cols-[4rem_1fr_auto_auto]">
                  <input type="hidden" name="imageFileId" value={image.fileId} />
                  <img src={fileThumbnailUrl(image.fileId)} alt={image.alt} className="size-16 rounded-md border border-border object-cover" />
                  <FormField label={t('edit.fields.imageAlt', { number: index + 1 })}>
                    {(control) => (
                      <Input
                        name="imageAlt"
                        value={image.alt}
                        maxLength={200}
                        onChange={(event) => {
                          const alt = event.target.value
                          setImages((current) => current.map((item) => (item.fileId === image.fileId ? { ...item, alt } : item)))
                        }}
                        {...control}
                      />
                    )}
                  </FormField>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('edit.moveUp', { number: index + 1 })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('edit.moveDown', { number: index + 1 })}
                      disabled={index === images.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                  </div>
                  <Checkbox name="imageRemove" value={image.fileId} label={t('edit.removeImage', { number: index + 1 })} />
                </li>
              ))}
            </ol>
            <FormField label={t('edit.fields.newImages')} hint={t('edit.hints.newImages')}>
              {(control) => <Input name="newImages" type="file" accept="image/jpeg,image/png,image/webp" multiple {...control} />}
            </FormField>
          </Card>
        </fieldset>

        {canManage ? (
          <div className="flex gap-2">
            <Button type="submit">{product ? t('edit.save') : t('edit.create')}</Button>
            <Link to={listHref} className={buttonClasses('ghost')}>
              {t('edit.cancel')}
            </Link>
          </div>
        ) : null}
      </Form>
    </AppPage>
  )
}
