import { Form } from 'react-router'
import { Button } from '../../../components/ui/button'
import { requireActor } from '../../../modules/companies/index.server'
import { ApprovedStatusBadge, SupplierSelector } from '../../../modules/sourcing/index'
import { supplierOptionsByIds } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import type { Route } from './+types/selector-demo'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  return pageData(ctx.locale, 'sourcing', 'selectorDemo.metaTitle')
}

/** Echoes the submitted suppliers as the server understood them (names, verification and approval from the database). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const ids = form.getAll('suppliers').map(String).filter(Boolean)
  const single = String(form.get('preferred') ?? '')
  const [chosen, preferred] = await withRouteErrors(() => Promise.all([supplierOptionsByIds(ctx, ids), supplierOptionsByIds(ctx, single ? [single] : [])]))
  return { chosen, preferred: preferred[0] ?? null }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SelectorDemoPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('sourcing')
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('selectorDemo.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('selectorDemo.description')}</p>
      </div>
      <section aria-labelledby="selector-keyboard" className="rounded-md border border-border p-4 text-sm">
        <h2 id="selector-keyboard" className="font-medium">
          {t('selectorDemo.keyboardTitle')}
        </h2>
        <ul className="mt-2 list-disc ps-5 text-muted-foreground">
          <li>{t('selectorDemo.keys.type')}</li>
          <li>{t('selectorDemo.keys.arrows')}</li>
          <li>{t('selectorDemo.keys.enter')}</li>
          <li>{t('selectorDemo.keys.escape')}</li>
          <li>{t('selectorDemo.keys.backspace')}</li>
        </ul>
      </section>
      <Form method="post" className="flex flex-col gap-4">
        <SupplierSelector name="suppliers" label={t('selectorDemo.multiLabel')} hint={t('selectorDemo.multiHint')} defaultValue={actionData?.chosen ?? []} />
        <SupplierSelector
          name="preferred"
          label={t('selectorDemo.singleLabel')}
          hint={t('selectorDemo.singleHint')}
          single
          defaultValue={actionData?.preferred ? [actionData.preferred] : []}
        />
        <Button type="submit" className="self-start">
          {t('selectorDemo.submit')}
        </Button>
      </Form>
      {actionData ? (
        <section aria-labelledby="selector-result" aria-live="polite" className="flex flex-col gap-2">
          <h2 id="selector-result" className="text-lg font-medium">
            {t('selectorDemo.resultTitle')}
          </h2>
          {actionData.chosen.length === 0 && !actionData.preferred ? <p className="text-sm text-muted-foreground">{t('selectorDemo.nothing')}</p> : null}
          {actionData.chosen.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm" aria-label={t('selectorDemo.multiLabel')}>
              {actionData.chosen.map((supplier) => (
                <li key={supplier.id} className="flex flex-wrap items-center gap-2">
                  <span>{supplier.name}</span>
                  <code className="text-xs text-muted-foreground">{supplier.id}</code>
                  <span className="text-xs">{supplier.verified ? t('selectorDemo.verified') : t('selectorDemo.unverified')}</span>
                  <ApprovedStatusBadge status={supplier.approval} />
                </li>
              ))}
            </ul>
          ) : null}
          {actionData.preferred ? <p className="text-sm">{t('selectorDemo.preferred', { name: actionData.preferred.name })}</p> : null}
        </section>
      ) : null}
    </div>
  )
}
