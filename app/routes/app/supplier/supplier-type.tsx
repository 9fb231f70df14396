import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { canEditCompany, SupplierTypeCards, SupplierTypeInput } from '../../../modules/companies/index'
import { getSupplierProfile, requireActor, setSupplierType } from '../../../modules/companies/index.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/supplier-type'
import { PAGE_MESSAGES } from '../../page-messages'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const profile = await withRouteErrors(() => getSupplierProfile(ctx))
  return {
    ...pageData(ctx.locale, 'suppliers', 'supplierType.metaTitle', PAGE_MESSAGES.supplierType),
    supplierType: profile.supplierType,
    kind: profile.kind,
    canEdit: canEditCompany(ctx.actor),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const parsed = parseForm(SupplierTypeInput, await request.formData())
  if (!parsed.ok) return failure(parsed)
  try {
    const profile = await setSupplierType(ctx, parsed.data.supplierType)
    return { ok: true as const, kind: profile.kind }
  } catch (error) {
    return failureFromError(error)
  }
}

export default function SupplierTypePage() {
  const { t } = useTranslation('suppliers')
  const { locale } = useRootData()
  const { supplierType, kind, canEdit } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors, 'suppliers')
  const navigation = useNavigation()
  return (
    <Card aria-labelledby="page-title" className="flex flex-col gap-4">
      <div>
        <h1 id="page-title" className="text-xl font-semibold">
          {t('supplierType.title')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('supplierType.intro')}</p>
      </div>
      {actionData?.ok ? (
        <Alert tone="success">
          {t('supplierType.saved')}{' '}
          <Link to={localizePath(locale, '/app/supplier/onboarding')} className="text-primary underline">
            {t('supplierType.backToOnboarding')}
          </Link>
        </Alert>
      ) : null}
      {kind === 'buyer' && canEdit ? <Alert tone="info">{t('supplierType.buyerNote')}</Alert> : null}
      {canEdit ? null : <Alert tone="info">{t('supplierType.readOnly')}</Alert>}
      <Form method="post" noValidate className="flex flex-col gap-4">
        <FormError error={failed?.formError} />
        <fieldset disabled={!canEdit} className="contents">
          <SupplierTypeCards legend={t('fields.supplierType')} defaultValue={supplierType} errors={fieldError('supplierType')} />
        </fieldset>
        {canEdit ? (
          <Button type="submit" className="w-fit" disabled={navigation.state === 'submitting'}>
            {t('supplierType.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  )
}
