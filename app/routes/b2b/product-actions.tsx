// What a signed-in person can do on a product page: a buyer requests a quotation, shortlists the supplier in one of
// their projects, messages the supplier about the product or orders it; the supplier itself edits it; someone without a
// company is shown the way to set one up.
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { FormError, type FormErrorData } from '../../components/form-error'
import { Alert } from '../../components/ui/alert'
import { buttonClasses } from '../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/field'
import { NativeSelect } from '../../components/ui/native-select'
import type { PublicProduct } from '../../modules/catalog/index.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { IdempotencyField } from '../../platform/idempotency/idempotency-field'
import { NEW_PROJECT } from '../../workflows/product-enquiry'
import { useRootData } from '../route-helpers'
import { SpriteIcon } from '../../components/ui/sprite-icon'

export type ProductEnquiryState =
  { kind: 'buyer'; projects: Array<{ id: string; label: string }>; idempotencyKey: string } | { kind: 'own'; editPath: string } | { kind: 'noCompany' }

export type ProductActionResult =
  | { ok: true; intent: 'shortlist'; projectId: string; projectLabel: string; alreadyShortlisted: boolean }
  | { ok: false; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

function ShortlistOutcome({ result, supplier }: { result: ProductActionResult | undefined; supplier: string }) {
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  if (!result) return null
  if (!result.ok) {
    const fields = Object.values(result.fieldErrors).flat()
    return fields.length > 0 ? (
      <Alert tone="error">{fields.map((key) => t(key)).join(' ')}</Alert>
    ) : result.formError ? (
      <FormError error={result.formError} />
    ) : null
  }
  return (
    <Alert tone="success">
      {t(result.alreadyShortlisted ? 'product.enquiry.alreadyShortlisted' : 'product.enquiry.shortlisted', { supplier, project: result.projectLabel })}{' '}
      <Link
        to={localizePath(locale, `/app/sourcing/selected?project=${encodeURIComponent(result.projectId)}`)}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('product.enquiry.openShortlist')}
      </Link>
    </Alert>
  )
}

function BuyerActions({ product, state }: { product: PublicProduct; state: Extract<ProductEnquiryState, { kind: 'buyer' }> }) {
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  const result = useActionData<ProductActionResult>()
  const busy = useNavigation().state === 'submitting'
  const orderPath = localizePath(locale, `/app/orders/new-order?${new URLSearchParams({ supplier: product.supplier.id, product: product.id })}`)
  return (
    <Card aria-labelledby="product-enquiry-title" className="flex flex-col gap-4">
      <div>
        <CardTitle id="product-enquiry-title">{t('product.enquiry.title')}</CardTitle>
        <CardDescription className="mt-1">{t('product.enquiry.hint', { supplier: product.supplier.name })}</CardDescription>
      </div>
      <Form method="post" className="flex flex-col gap-3">
        <IdempotencyField value={state.idempotencyKey} />
        <FormField label={t('product.enquiry.project')} hint={state.projects.length === 0 ? t('product.enquiry.noProjects') : undefined}>
          {(control) => (
            <NativeSelect name="projectId" defaultValue={state.projects[0]?.id ?? NEW_PROJECT} {...control}>
              {state.projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.label}
                </option>
              ))}
              <option value={NEW_PROJECT}>{t('product.enquiry.newProject', { name: product.name })}</option>
            </NativeSelect>
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="quotation" disabled={busy} className={buttonClasses('primary')}>
            <SpriteIcon name="message-square-quote" className="size-4" />
            {t('product.requestQuotation')}
          </button>
          <button type="submit" name="intent" value="shortlist" disabled={busy} className={buttonClasses('secondary')}>
            <SpriteIcon name="star" className="size-4" />
            {t('product.addToShortlist')}
          </button>
        </div>
      </Form>
      <ShortlistOutcome result={result} supplier={product.supplier.name} />
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        <Form method="post" action={localizePath(locale, '/app/inbox/open')}>
          <input type="hidden" name="kind" value="direct" />
          <input type="hidden" name="companyId" value={product.supplier.id} />
          <input type="hidden" name="productId" value={product.id} />
          <button type="submit" className={buttonClasses('secondary')}>
            <SpriteIcon name="message-square" className="size-4" />
            {t('product.enquiry.message')}
          </button>
        </Form>
        <Link to={orderPath} className={buttonClasses('secondary')}>
          <SpriteIcon name="shopping-cart" className="size-4" />
          {t('product.orderProduct')}
        </Link>
      </div>
    </Card>
  )
}

/** The actions card of a signed-in person. */
export function SignedInActions({ product, state }: { product: PublicProduct; state: ProductEnquiryState }) {
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  if (state.kind === 'buyer') return <BuyerActions product={product} state={state} />
  if (state.kind === 'own') {
    return (
      <Card aria-labelledby="product-own-title">
        <CardTitle id="product-own-title">{t('product.enquiry.ownTitle')}</CardTitle>
        <CardDescription className="mt-1">{t('product.enquiry.ownHint')}</CardDescription>
        <Link to={localizePath(locale, state.editPath)} className={buttonClasses('secondary', 'mt-4 w-fit')}>
          <SpriteIcon name="pencil" className="size-4" />
          {t('product.enquiry.edit')}
        </Link>
      </Card>
    )
  }
  return (
    <Card aria-labelledby="product-company-title">
      <CardTitle id="product-company-title">{t('product.enquiry.title')}</CardTitle>
      <CardDescription className="mt-1">{t('product.enquiry.companyFirst')}</CardDescription>
      <Link to={localizePath(locale, '/onboarding')} className={buttonClasses('primary', 'mt-4 w-fit')}>
        {t('product.enquiry.setUpCompany')}
      </Link>
    </Card>
  )
}
