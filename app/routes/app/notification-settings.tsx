import { useEffect } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { FormError } from '../../components/form-error'
import { Alert } from '../../components/ui/alert'
import { Button, buttonClasses } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { toast } from '../../components/ui/toast'
import { requireActor } from '../../modules/companies/index.server'
import { getNotificationSettings, NOTIFICATION_GROUPS, updateNotificationSettings } from '../../modules/kernel/index.server'
import { failureFromError, withRouteErrors } from '../../platform/forms.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { pageData } from '../page-data.server'
import { useRootData } from '../route-helpers'
import type { Route } from './+types/notification-settings'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const settings = await withRouteErrors(() => getNotificationSettings(ctx))
  return {
    ...pageData(ctx.locale, 'notifications', 'settings.metaTitle'),
    groups: NOTIFICATION_GROUPS.map((group) => ({ group, mailed: settings.mail[group] })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** Every group is on the form: a checked box turns its mail on, an unchecked one (absent from the form) off. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const mail = Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, form.get(`mail.${group}`) === 'on']))
  try {
    await updateNotificationSettings(ctx, { mail })
    return { ok: true as const }
  } catch (error) {
    return failureFromError(error)
  }
}

export default function NotificationSettingsPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('notifications')
  const { locale } = useRootData()
  const saving = useNavigation().state === 'submitting'
  const saved = actionData && 'ok' in actionData && actionData.ok
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined

  useEffect(() => {
    if (saved) void toast.success(t('settings.saved'))
  }, [saved, actionData, t])

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('settings.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('settings.description')}</p>
        </div>
        <Link to={localizePath(locale, '/app/notifications')} className={buttonClasses('ghost', undefined, 'sm')}>
          {t('settings.back')}
        </Link>
      </div>

      <div aria-live="polite">{saved ? <Alert tone="success">{t('settings.saved')}</Alert> : null}</div>
      <FormError error={formError} />

      <Card>
        <Form method="post" className="flex flex-col gap-5">
          <fieldset className="flex flex-col gap-1" aria-describedby="notification-digest-hint">
            <legend className="mb-1 font-semibold">{t('settings.mailLegend')}</legend>
            <p id="notification-digest-hint" className="mb-3 text-sm text-muted-foreground">
              {t('settings.digestHint')}
            </p>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {data.groups.map(({ group, mailed }) => (
                <li key={group} className="flex items-start gap-3 px-4 py-3">
                  <input
                    id={`mail-${group}`}
                    name={`mail.${group}`}
                    type="checkbox"
                    role="switch"
                    defaultChecked={mailed}
                    aria-describedby={`mail-${group}-description`}
                    className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  />
                  <div className="flex flex-col gap-0.5">
                    <label htmlFor={`mail-${group}`} className="text-sm font-medium">
                      {t(`groups.${group}.label`)}
                    </label>
                    <p id={`mail-${group}-description`} className="text-sm text-muted-foreground">
                      {t(`groups.${group}.description`)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </fieldset>
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  )
}
