import { useState, type ChangeEvent } from 'react'
import { data, Form, redirect, type ShouldRevalidateFunction } from 'react-router'
import { FormError, type FormErrorData } from '../components/form-error'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { Card, CardDescription, CardTitle } from '../components/ui/card'
import { FormField } from '../components/ui/field'
import { Input } from '../components/ui/input'
import { Textarea } from '../components/ui/textarea'
import { useFormatter } from '../components/use-formatter'
import { type DocumentStatus, ShareDecisionInput, SharePasswordInput } from '../modules/documents/index'
import {
  decideThroughShare,
  type DocumentVerification,
  openShare,
  type SharedDocument,
  sharedPdf,
  type ShareVisit,
  verifyDocument,
} from '../modules/documents/index.server'
import { isAppError } from '../platform/errors'
import { failure, failureFromError, parseForm, withRouteErrors } from '../platform/forms.server'
import { localizePath } from '../platform/i18n/locales'
import { useTranslation } from '../platform/i18n/react'
import { translator } from '../platform/i18n/translate.server'
import { DocumentStatusBadge, Fingerprint, PdfFrame } from './document-parts'
import { pageData } from './page-data.server'
import { PAGE_MESSAGES } from './page-messages'
import { routeLocale } from './route-helpers'
import { proofCookie, shareVisit } from './view-share.server'
import type { Route } from './+types/view'

// The public document page: `?token=…` opens a share link (anyone holding it, no account), `?verify=…` is what a PDF's
// QR code opens (who issued which versions, to check a printed or mailed copy against).

/** Personal to the link's holder: never kept by a shared cache. */
const PRIVATE = { 'Cache-Control': 'private, no-store' }

/** The refusals the page answers itself (a sentence, or the password form); any other error goes to the error page. */
const REFUSALS = { share_expired: 'expired', share_password_required: 'password', share_password_wrong: 'password' } as const
const REFUSAL_STATUS = { expired: 410, password: 403 } as const
type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS]
const refusalOf = (error: unknown): Refusal | null => (isAppError(error) && error.code in REFUSALS ? REFUSALS[error.code as keyof typeof REFUSALS] : null)

/** The decision as the page shows it, recorded when the counterparty answered. */
const decisionOf = (document: SharedDocument['document']) =>
  document.decision
    ? {
        status: document.status,
        at: document.decision.at,
        byName: document.decision.byName,
        reason: document.decision.reason,
        sha256: document.decision.sha256,
      }
    : null

/** What the page shows of the shared document (its internal ids stay on the server). */
const faceOf = (document: SharedDocument['document']) => ({
  number: document.number,
  type: document.type,
  status: document.status,
  writerName: document.writerName,
  counterpartyName: document.counterpartyName,
  sourceNumber: document.sourceNumber,
  versionNumber: document.versionNumber,
  issuedAt: document.issuedAt,
  pdfSha256: document.pdfSha256,
  voidReason: document.voidReason,
})

/** A service's 404 in this page's words (an unknown, revoked or malformed link or code); other errors pass unchanged. */
async function orNotFound<T>(load: () => Promise<T>, message: string): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') throw data(message, { status: 404 })
    throw error
  }
}

/** The link opened (the view logged once, by openShare; sharedPdf only reads the bytes to check them), or why not. */
async function openSharedPage(visit: ShareVisit) {
  try {
    const shared = await openShare(visit)
    const pdf = await sharedPdf(visit)
    return { refusal: null, shared, matches: pdf.matches === true }
  } catch (error) {
    const refusal = refusalOf(error)
    if (!refusal) throw error
    return { refusal, shared: null, matches: false }
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'documents')
  const search = new URL(request.url).searchParams
  const verify = search.get('verify')
  if (verify !== null) {
    const verification = await withRouteErrors(() => orNotFound(() => verifyDocument(verify), t('verify.notFound')))
    const page = pageData(locale, 'documents', 'verify.metaTitle', PAGE_MESSAGES.documentView)
    return data({ ...page, title: `${verification.number} · ${page.title}`, mode: 'verify' as const, verification }, { headers: PRIVATE })
  }
  const page = pageData(locale, 'documents', 'view.metaTitle', PAGE_MESSAGES.documentView)
  const visit = shareVisit(request, context)
  const opened = await withRouteErrors(() => orNotFound(() => openSharedPage(visit), t('view.notFound')))
  if (!opened.shared)
    return data({ ...page, mode: 'share' as const, refusal: opened.refusal, shared: null }, { status: REFUSAL_STATUS[opened.refusal], headers: PRIVATE })
  const document = opened.shared.document
  return data(
    {
      ...page,
      title: `${t(`types.${document.type}`)} ${document.number} · ${page.title}`,
      mode: 'share' as const,
      refusal: null,
      shared: {
        canDecide: opened.shared.canDecide,
        document: faceOf(document),
        decision: decisionOf(document),
        matches: opened.matches,
        pdfHref: `${localizePath(locale, '/view/pdf')}?token=${encodeURIComponent(visit.token ?? '')}`,
      },
    },
    { headers: PRIVATE },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex, nofollow' }]

// After an answer the page shows what the action returned: loading again would log another view of the link.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.ok && actionResult.intent === 'decide' ? false : defaultShouldRevalidate

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (intent === 'password') return unlock(request, context, form, localizePath(routeLocale(params), '/view'))
  if (intent === 'decide') return decide(request, context, form)
  return failure({ ok: false, fieldErrors: {} }, 400)
}

/** The right password sets the proof cookie and opens the page again (as a GET, so a reload does not post again). */
async function unlock(request: Request, context: Route.ActionArgs['context'], form: FormData, pagePath: string) {
  const intent = 'password'
  const parsed = parseForm(SharePasswordInput, form)
  if (!parsed.ok) return failure(parsed, 422, { intent })
  try {
    const visit = shareVisit(request, context, parsed.data.password)
    const shared = await openShare(visit, { logView: false })
    const token = visit.token ?? ''
    const headers = shared.proof ? { 'set-cookie': proofCookie(token, shared.proof) } : undefined
    return redirect(`${pagePath}?token=${encodeURIComponent(token)}`, { headers })
  } catch (error) {
    if (isAppError(error) && error.code === 'share_password_wrong')
      return failure({ ok: false, fieldErrors: { password: ['view.passwordWrong'] } }, 403, { intent })
    return failureFromError(error, { intent })
  }
}

/** The counterparty's answer to the version they saw (`version_number`), then the decision as recorded. */
async function decide(request: Request, context: Route.ActionArgs['context'], form: FormData) {
  const intent = 'decide'
  const parsed = parseForm(ShareDecisionInput, form)
  if (!parsed.ok) return failure(parsed, 422, { intent })
  const visit = shareVisit(request, context)
  try {
    await decideThroughShare(visit, { ...parsed.data, versionNumber: Number(form.get('version_number')) || 0 })
    const shared = await openShare(visit, { logView: false })
    return { ok: true as const, intent, decision: decisionOf(shared.document) }
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

type Decision = ReturnType<typeof decisionOf>
type ViewActionResult =
  | { ok: true; intent: 'decide'; decision: Decision }
  | { ok: false; intent?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }
  | undefined

export default function ViewPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ViewActionResult
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      {loaderData.mode === 'verify' ? (
        <VerifyView verification={loaderData.verification} />
      ) : loaderData.shared ? (
        <SharedView shared={loaderData.shared} result={result} />
      ) : (
        <Refused refusal={loaderData.refusal ?? 'expired'} result={result} />
      )}
    </div>
  )
}

/** A link that does not open now: expired, or asking for its password. */
function Refused({ refusal, result }: { refusal: Refusal; result: ViewActionResult }) {
  const { t } = useTranslation('documents')
  if (refusal === 'expired')
    return (
      <Card as="section" aria-labelledby="refused-title" className="mx-auto flex w-full max-w-lg flex-col gap-2">
        <CardTitle as="h1" id="refused-title">
          {t('view.expiredTitle')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('view.expiredHelp')}</p>
      </Card>
    )
  return <PasswordForm result={result} />
}

function PasswordForm({ result }: { result: ViewActionResult }) {
  const { t } = useTranslation('documents')
  const failed = result && !result.ok && result.intent === 'password' ? result : undefined
  const passwordErrors = failed?.fieldErrors.password?.map((key) => t(key))
  return (
    <Card as="section" aria-labelledby="password-title" className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle as="h1" id="password-title">
          {t('view.passwordTitle')}
        </CardTitle>
        <CardDescription>{t('view.passwordHelp')}</CardDescription>
      </div>
      {failed?.formError?.code === 'rate_limited' ? (
        // Passwords are tried at a limited rate per visitor and link (429): say how long to wait.
        <Alert tone="error" title={t('view.rateLimitedTitle')}>
          {t('view.rateLimitedHelp')}
        </Alert>
      ) : failed?.formError ? (
        <FormError error={failed.formError} />
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <FormField label={t('view.password')} errors={passwordErrors}>
          {(control) => <Input type="password" name="password" required maxLength={200} autoComplete="current-password" {...control} />}
        </FormField>
        <Button type="submit" className="self-start">
          {t('view.open')}
        </Button>
      </Form>
    </Card>
  )
}

type SharedViewProps = {
  shared: { canDecide: boolean; document: ReturnType<typeof faceOf>; decision: Decision; matches: boolean; pdfHref: string }
  result: ViewActionResult
}

function SharedView({ shared, result }: SharedViewProps) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  const { document } = shared
  const decision = result?.ok ? result.decision : shared.decision
  // An answer given on this page shows at once (the page does not load again, see shouldRevalidate).
  const status: DocumentStatus = decision && document.status !== 'void' ? decision.status : document.status
  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">{t(`types.${document.type}`)}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold break-all">{document.number}</h1>
          <DocumentStatusBadge status={status} />
        </div>
        <p className="text-sm text-muted-foreground">{t('view.sentBy', { writer: document.writerName, counterparty: document.counterpartyName })}</p>
      </header>

      {document.status === 'void' ? (
        <Alert tone="error" title={t('view.voidTitle')}>
          {document.voidReason ? t('view.voidReason', { reason: document.voidReason }) : null}
        </Alert>
      ) : null}

      <Card as="section" aria-labelledby="facts-title" className="flex flex-col gap-3">
        <CardTitle id="facts-title">{t('view.factsTitle')}</CardTitle>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <Fact label={t('view.type')} value={t(`types.${document.type}`)} />
          <Fact label={t('view.number')} value={document.number} />
          <Fact label={t('view.writer')} value={document.writerName} />
          <Fact label={t('view.counterparty')} value={document.counterpartyName} />
          <Fact label={t('view.reference')} value={document.sourceNumber} />
          <Fact label={t('view.version')} value={String(document.versionNumber)} />
          <Fact label={t('view.issuedAt')} value={format.dateTime(document.issuedAt)} />
          <Fact label={t('view.status')} value={t(`statuses.${status}`)} />
        </dl>
        <Integrity matches={shared.matches} version={document.versionNumber} sha256={document.pdfSha256} />
      </Card>

      {decision ? <DecisionRecord decision={decision} /> : null}
      {shared.canDecide && !decision ? <DecisionForm versionNumber={document.versionNumber} result={result} /> : null}

      <Card as="section" aria-labelledby="pdf-title" className="flex flex-col gap-3">
        <CardTitle id="pdf-title">{t('view.pdfTitle', { version: document.versionNumber })}</CardTitle>
        <PdfFrame
          src={shared.pdfHref}
          title={t('view.pdfFrameTitle', { number: document.number, version: document.versionNumber })}
          downloadLabel={t('view.download')}
          openLabel={t('view.openPdf')}
        />
      </Card>
    </>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  if (!value) return null
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mb-2 break-words sm:mb-0">{value}</dd>
    </>
  )
}

/** Whether the PDF served is, byte for byte, the one recorded when the version was issued. */
function Integrity({ matches, version, sha256 }: { matches: boolean; version: number; sha256: string }) {
  const { t } = useTranslation('documents')
  const fingerprint = <Fingerprint sha256={sha256} copyLabel={t('view.copy')} copiedLabel={t('view.copied')} />
  if (!matches)
    return (
      <Alert tone="error" title={t('view.mismatchTitle')}>
        <p>{t('view.mismatchHelp', { version })}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          {t('view.recordedSha')} {fingerprint}
        </p>
      </Alert>
    )
  return (
    <Alert tone="success">
      <p className="flex flex-wrap items-center gap-2">
        {t('view.matches', { version })} {fingerprint}
      </p>
    </Alert>
  )
}

function DecisionRecord({ decision }: { decision: NonNullable<Decision> }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  const title = decision.status === 'accepted' ? 'view.acceptedTitle' : decision.status === 'rejected' ? 'view.rejectedTitle' : 'view.answeredTitle'
  return (
    <Card as="section" aria-labelledby="decision-title" className="flex flex-col gap-2" role="status">
      <CardTitle id="decision-title">{t(title)}</CardTitle>
      <p className="text-sm">{t('view.decidedBy', { name: decision.byName, date: format.dateTime(decision.at) })}</p>
      {decision.reason ? <p className="text-sm whitespace-pre-wrap">{t('view.decisionReason', { reason: decision.reason })}</p> : null}
      {decision.sha256 ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('view.decisionSha')}</span>
          <Fingerprint sha256={decision.sha256} copyLabel={t('view.copy')} copiedLabel={t('view.copied')} />
        </p>
      ) : null}
    </Card>
  )
}

/** Accept or reject (with a reason) under one's own name; the answer is recorded with the time and the PDF's fingerprint. */
function DecisionForm({ versionNumber, result }: { versionNumber: number; result: ViewActionResult }) {
  const { t } = useTranslation('documents')
  const failed = result && !result.ok && result.intent === 'decide' ? result : undefined
  const field = (name: string) => failed?.fieldErrors[name]?.map((key) => t(key))
  const stale = failed?.formError?.code === 'stale_version' || failed?.formError?.code === 'invalid_transition'
  return (
    <Card as="section" aria-labelledby="answer-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="answer-title">{t('view.answerTitle')}</CardTitle>
        <CardDescription>{t('view.answerHelp', { version: versionNumber })}</CardDescription>
      </div>
      {stale ? (
        <Alert tone="error" title={failed?.formError?.message}>
          <p>{t('view.stale')}</p>
          <a href="" className="font-medium text-primary underline underline-offset-4">
            {t('view.reload')}
          </a>
        </Alert>
      ) : failed?.formError ? (
        <FormError error={failed.formError} />
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="version_number" value={versionNumber} />
        <FormField label={t('view.name')} hint={t('view.nameHint')} errors={field('name')}>
          {(control) => <Input name="name" required minLength={2} maxLength={120} autoComplete="name" {...control} />}
        </FormField>
        <fieldset className="flex flex-col gap-2" aria-describedby={field('decision') ? 'decision-error' : undefined}>
          <legend className="text-sm font-medium">{t('view.decision')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="decision" value="accept" required className="size-4 accent-primary" />
            {t('view.accept')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="decision" value="reject" className="size-4 accent-primary" />
            {t('view.reject')}
          </label>
          {field('decision') ? (
            <p id="decision-error" className="text-xs text-destructive" role="alert">
              {field('decision')?.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <FormField label={t('view.reason')} hint={t('view.reasonHint')} errors={field('reason')}>
          {(control) => <Textarea name="reason" rows={3} maxLength={500} {...control} />}
        </FormField>
        <Button type="submit" className="self-start">
          {t('view.submitAnswer')}
        </Button>
      </Form>
    </Card>
  )
}

type VerifiedVersion = DocumentVerification['versions'][number]

const ANSWERED_BY: Partial<Record<DocumentStatus, string>> = { accepted: 'verify.acceptedBy', rejected: 'verify.rejectedBy' }

/** What the QR code vouches for: who issued which versions, their fingerprints, the answer; and a check of one's copy. */
function VerifyView({ verification }: { verification: DocumentVerification }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  const { decision } = verification
  const status = verification.status === 'draft' ? 'issued' : verification.status
  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">{t('verify.eyebrow')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold break-all">{t('verify.title', { type: t(`types.${verification.type}`), number: verification.number })}</h1>
          <DocumentStatusBadge status={status} />
        </div>
        <p className="text-sm text-muted-foreground">{t('verify.description')}</p>
      </header>
      {verification.status === 'void' ? <Alert tone="error">{t('verify.void')}</Alert> : null}
      <Card as="section" aria-labelledby="verify-facts" className="flex flex-col gap-3">
        <CardTitle id="verify-facts">{t('verify.factsTitle')}</CardTitle>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <Fact label={t('view.writer')} value={verification.writerName} />
          <Fact label={t('view.counterparty')} value={verification.counterpartyName} />
          <Fact label={t('view.status')} value={t(`statuses.${status}`)} />
          {decision ? (
            <Fact
              label={t('verify.decision')}
              value={t(ANSWERED_BY[verification.status] ?? 'verify.answeredBy', { name: decision.byName, date: format.dateTime(decision.at) })}
            />
          ) : null}
        </dl>
      </Card>
      <Card as="section" aria-labelledby="verify-versions" className="flex flex-col gap-3">
        <CardTitle id="verify-versions">{t('verify.versionsTitle')}</CardTitle>
        <ol className="flex flex-col gap-3">
          {verification.versions.map((version) => (
            <li key={version.number} className="flex flex-col gap-1 text-sm">
              <p className="font-medium">{t('verify.version', { version: version.number, date: format.dateTime(version.issuedAt) })}</p>
              <code className="font-mono text-xs break-all text-muted-foreground">{version.sha256}</code>
            </li>
          ))}
        </ol>
      </Card>
      <CheckYourCopy versions={verification.versions} />
    </>
  )
}

type CopyCheck = { kind: 'reading' } | { kind: 'unsupported' } | { kind: 'match'; version: number; sha256: string } | { kind: 'none'; sha256: string }

const hex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** Hashes the chosen file in the browser (it is never sent) and compares it with the issued versions' fingerprints. */
function CheckYourCopy({ versions }: { versions: VerifiedVersion[] }) {
  const { t } = useTranslation('documents')
  const [check, setCheck] = useState<CopyCheck | null>(null)
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    if (!file) return setCheck(null)
    if (!globalThis.crypto?.subtle) return setCheck({ kind: 'unsupported' })
    setCheck({ kind: 'reading' })
    const sha256 = hex(await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer()))
    const match = versions.find((version) => version.sha256 === sha256)
    setCheck(match ? { kind: 'match', version: match.number, sha256 } : { kind: 'none', sha256 })
  }
  return (
    <Card as="section" aria-labelledby="check-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <CardTitle id="check-title">{t('verify.checkTitle')}</CardTitle>
        <CardDescription>{t('verify.checkHelp')}</CardDescription>
      </div>
      <FormField label={t('verify.checkLabel')}>
        {(control) => <input type="file" accept="application/pdf" onChange={onChange} className="text-sm" {...control} />}
      </FormField>
      <noscript>
        <p className="text-sm text-muted-foreground">{t('verify.needsScript')}</p>
      </noscript>
      <div aria-live="polite">
        {check?.kind === 'reading' ? <p className="text-sm text-muted-foreground">{t('verify.reading')}</p> : null}
        {check?.kind === 'unsupported' ? <Alert tone="warning">{t('verify.unsupported')}</Alert> : null}
        {check?.kind === 'match' ? (
          <Alert tone="success" title={t('verify.match', { version: check.version })}>
            <code className="font-mono text-xs break-all">{check.sha256}</code>
          </Alert>
        ) : null}
        {check?.kind === 'none' ? (
          <Alert tone="error" title={t('verify.noMatch')}>
            <p>{t('verify.noMatchHelp')}</p>
            <code className="mt-1 block font-mono text-xs break-all">{check.sha256}</code>
          </Alert>
        ) : null}
      </div>
    </Card>
  )
}
