import { redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { Card } from '../../components/ui/card'
import {
  ApplicationMessageInput,
  canSubmitApplication,
  companiesContext,
  CreateCompanyInput,
  failingStep,
  SupplierApplicationForm,
  SupplierOnboardProfileInput,
} from '../../modules/companies/index'
import { actorFor, applyAsSupplier, requireActor } from '../../modules/companies/index.server'
import { clientSessionContext, SignUpInput } from '../../modules/identity/index'
import { sessionFromCookies, signUp } from '../../modules/identity/index.server'
import type { ServiceContext } from '../../platform/actor'
import { AppError, isAppError } from '../../platform/errors'
import { uploadLimitBytes } from '../../platform/files/limits.server'
import { uploadFromForm } from '../../platform/files/upload-form.server'
import { failure, failureFromError, type FormFailure, parseForm } from '../../platform/forms.server'
import { parseCookieHeader, serializeCookieHeader } from '../../platform/http/cookies'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { logger } from '../../platform/logger.server'
import { requestInfoContext } from '../../platform/request-info'
import { pageData } from '../page-data.server'
import { cookieHeaders, routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/onboard'
import { PAGE_MESSAGES } from '../page-messages'

export async function loader({ context, params }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const session = context.get(clientSessionContext)
  const active = context.get(companiesContext)?.active ?? null
  return {
    ...pageData(locale, 'suppliers', 'onboard.metaTitle', PAGE_MESSAGES.supplierSignUp),
    description: translator(locale, 'suppliers')('onboard.intro'),
    account: session ? { name: session.user.name, email: session.user.email } : null,
    currentCompany: active ? { name: active.name, canApply: canSubmitApplication(active.role, active.verificationStatus) } : null,
    documentMaxBytes: uploadLimitBytes('document'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'description', content: loaderData?.description }]

/** The service context of the session a sign-up just opened: its cookies are on the response, not yet on a request. */
async function newSessionContext(setCookies: string[], locale: Locale, requestId: string): Promise<ServiceContext> {
  const jar = parseCookieHeader('')
  for (const cookie of setCookies) {
    const pair = cookie.split(';')[0] ?? ''
    const split = pair.indexOf('=')
    if (split > 0) jar.set(pair.slice(0, split), pair.slice(split + 1))
  }
  const { state } = await sessionFromCookies(new Headers({ cookie: serializeCookieHeader(jar) }))
  if (!state) throw new AppError('internal', 'The new session could not be read')
  return { actor: await actorFor(state), locale, requestId }
}

function mergeFailures(results: Array<{ ok: true } | FormFailure | null>): Record<string, string[]> {
  return Object.assign({}, ...results.map((result) => (result && !result.ok ? result.fieldErrors : {})))
}

/** The step holding what a service refused. */
function stepOfError(error: unknown): string {
  return isAppError(error) ? failingStep((error.details?.fields ?? {}) as Record<string, string[]>, error.code) : 'review'
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = routeLocale(params)
  const form = await request.formData()
  const session = context.get(clientSessionContext)
  const useCurrentCompany = Boolean(session && context.get(companiesContext)?.active && form.get('companyMode') === 'current')
  // Applying through this page always registers a supplier.
  form.set('kind', 'supplier')
  const account = session ? null : parseForm(SignUpInput, form)
  const company = useCurrentCompany ? null : parseForm(CreateCompanyInput, form)
  const profile = parseForm(SupplierOnboardProfileInput, form)
  const message = parseForm(ApplicationMessageInput, form)
  const documents = (await Promise.all(form.getAll('documents').map(uploadFromForm))).filter((file) => file !== null)
  const fieldErrors = mergeFailures([account, company, profile, message])
  if (documents.length === 0) fieldErrors.documents = ['validation.documentsRequired']
  if (Object.keys(fieldErrors).length || (account && !account.ok) || (company && !company.ok) || !profile.ok || !message.ok) {
    return failure({ ok: false, fieldErrors }, 422, { step: failingStep(fieldErrors) })
  }

  const requestId = context.get(requestInfoContext).requestId
  let setCookies: string[] = []
  let ctx: ServiceContext
  if (account) {
    try {
      setCookies = (await signUp(account.data, request.headers)).setCookies
    } catch (error) {
      return failureFromError(error, { step: stepOfError(error) })
    }
    ctx = await newSessionContext(setCookies, locale, requestId)
  } else {
    ctx = requireActor(context, params)
  }

  const onboarding = localizePath(locale, '/app/supplier/onboarding')
  try {
    await applyAsSupplier(ctx, { company: company?.data ?? null, profile: profile.data, documents, message: message.data.message })
  } catch (error) {
    if (setCookies.length === 0) return failureFromError(error, { step: stepOfError(error) })
    // The account exists now: sign the person in and let them finish the application from the checklist.
    if (!isAppError(error)) logger().error({ err: error, requestId }, 'supplier application incomplete after sign-up')
    return redirect(`${onboarding}?incomplete=${isAppError(error) ? error.code : 'internal'}`, { headers: cookieHeaders(setCookies) })
  }
  return redirect(`${onboarding}?submitted=1`, { headers: cookieHeaders(setCookies) })
}

export default function SupplierOnboard() {
  const { t } = useTranslation('suppliers')
  const { locale } = useRootData()
  const { account, currentCompany, documentMaxBytes } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('onboard.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('onboard.intro')}</p>
      </div>
      <Card>
        <SupplierApplicationForm
          locale={locale}
          account={account}
          currentCompany={currentCompany}
          documentMaxBytes={documentMaxBytes}
          failure={actionData}
          submitting={navigation.state === 'submitting'}
        />
      </Card>
    </div>
  )
}
