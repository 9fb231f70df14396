import { data, Link, useFetcher } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import { EPING_REVIEW_STATUSES, EpingReviewInput, type EpingMatchReason } from '../../../modules/compliance/index'
import { clearEpingReview, getEpingNotification, reviewEpingNotification } from '../../../modules/compliance/index.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/eping-detail'
import { BackLink } from '../../../components/back-link'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const notification = await withRouteErrors(() => getEpingNotification(ctx, params.id))
  return {
    ...pageData(ctx.locale, 'eping', 'page.title'),
    title: `${notification.documentSymbol} · ${notification.title}`,
    notification: {
      ...notification,
      match: notification.match ? { ...notification.match, matchedAt: notification.match.matchedAt.toISOString() } : null,
      review: notification.review ? { ...notification.review, reviewedAt: notification.review.reviewedAt.toISOString() } : null,
    },
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  try {
    if (form.get('intent') === 'clear') {
      await clearEpingReview(ctx, params.id)
      return data({ ok: true as const, cleared: true })
    }
    const parsed = parseForm(EpingReviewInput, form)
    if (!parsed.ok) return failure(parsed)
    await reviewEpingNotification(ctx, params.id, parsed.data)
    return data({ ok: true as const, cleared: false })
  } catch (error) {
    return failureFromError(error)
  }
}

const day = (value: string) => `${value}T00:00:00Z`

export default function EpingNotificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('eping')
  const { locale } = useRootData()
  const format = useFormatter()
  const item = loaderData.notification
  const dates: Array<[string, string | null]> = [
    ['detail.distributed', item.distributedOn],
    ['detail.deadline', item.commentDeadline],
    ['detail.adopted', item.adoptedOn],
    ['detail.inForce', item.inForceOn],
  ]
  return (
    <div className="flex flex-col gap-6">
      <BackLink to={localizePath(locale, '/app/infor/eping')}>{t('detail.back')}</BackLink>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">{t(`areas.${item.area}`)}</Badge>
          <span className="font-mono">{item.documentSymbol}</span>
          <span className="text-muted-foreground">{item.memberName}</span>
        </div>
        <h1 className="break-words text-2xl font-semibold">{item.title}</h1>
      </header>
      {item.source === 'sample' ? <Alert tone="info">{t('page.sampleNotice')}</Alert> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <section aria-labelledby="eping-description" className="flex flex-col gap-2">
            <h2 id="eping-description" className="text-lg font-semibold">
              {t('detail.description')}
            </h2>
            <p className="whitespace-pre-line break-words">{item.description}</p>
          </section>
          <section aria-labelledby="eping-products" className="flex flex-col gap-2">
            <h2 id="eping-products" className="text-lg font-semibold">
              {t('detail.products')}
            </h2>
            <p className="break-words">{item.products}</p>
            {item.hsCodes.length > 0 ? <p className="text-sm text-muted-foreground">{t('list.hsCodes', { codes: item.hsCodes.join(', ') })}</p> : null}
          </section>
          {item.objectives.length > 0 ? (
            <section aria-labelledby="eping-objectives" className="flex flex-col gap-2">
              <h2 id="eping-objectives" className="text-lg font-semibold">
                {t('detail.objectives')}
              </h2>
              <ul className="list-disc ps-5">
                {item.objectives.map((objective) => (
                  <li key={objective}>{objective}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {item.links.length > 0 ? (
            <section aria-labelledby="eping-links" className="flex flex-col gap-2">
              <h2 id="eping-links" className="text-lg font-semibold">
                {t('detail.links')}
              </h2>
              <ul className="flex flex-col gap-1">
                {item.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} target="_blank" rel="noreferrer noopener" className="break-all text-primary underline-offset-4 hover:underline">
                      {t(`links.${link.label}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t('detail.dates')}</h2>
              </CardTitle>
            </CardHeader>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 px-6 pb-6 text-sm">
              {dates.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{t(label)}</dt>
                  <dd>{value ? format.date(day(value)) : t('detail.notKnown')}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t('detail.yourProducts')}</h2>
              </CardTitle>
            </CardHeader>
            <div className="flex flex-col gap-3 px-6 pb-6 text-sm">
              {!item.match ? (
                <p className="text-muted-foreground">{t('detail.notMatched')}</p>
              ) : (
                <>
                  {item.matchedProducts.length === 0 ? (
                    <p className="text-muted-foreground">{t('detail.noProducts')}</p>
                  ) : (
                    <ul className="flex flex-col gap-1">
                      {item.matchedProducts.map((product) => (
                        <li key={product.id}>
                          <Link
                            to={localizePath(locale, `/app/products/edit?id=${encodeURIComponent(product.id)}`)}
                            className="break-words text-primary underline-offset-4 hover:underline"
                          >
                            {product.name}
                          </Link>
                          {product.hsCode ? <span className="text-muted-foreground">{` · HS ${product.hsCode}`}</span> : null}
                        </li>
                      ))}
                    </ul>
                  )}
                  <div>
                    <h3 className="font-medium">{t('detail.why')}</h3>
                    <ul className="list-disc ps-5 text-muted-foreground">
                      {item.match.reasons.map((reason: EpingMatchReason) => (
                        <li key={`${reason.kind}-${reason.value}-${reason.productId ?? ''}`}>{t(`reasons.${reason.kind}`, { value: reason.value })}</li>
                      ))}
                    </ul>
                  </div>
                </>
              )}
            </div>
          </Card>
          <ReviewCard review={item.review} />
        </div>
      </div>
    </div>
  )
}

function ReviewCard({ review }: { review: { status: (typeof EPING_REVIEW_STATUSES)[number]; note: string; reviewedAt: string } | null }) {
  const { t } = useTranslation('eping')
  const format = useFormatter()
  const fetcher = useFetcher<typeof action>()
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors, 'eping')
  const done = fetcher.state === 'idle' && fetcher.data?.ok === true ? fetcher.data : null
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('detail.review')}</h2>
        </CardTitle>
      </CardHeader>
      <div className="flex flex-col gap-3 px-6 pb-6">
        <p className="text-sm text-muted-foreground">{review ? t('detail.markedOn', { date: format.dateTime(review.reviewedAt) }) : t('detail.notReviewed')}</p>
        <fetcher.Form method="post" className="flex flex-col gap-3">
          <FormField label={t('detail.status')} errors={fieldError('status')}>
            {(control) => (
              <NativeSelect name="status" defaultValue={review?.status ?? 'reviewed'} {...control}>
                {EPING_REVIEW_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`reviewStatuses.${status}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('detail.note')} hint={t('detail.noteHint')} errors={fieldError('note')}>
            {(control) => <Textarea name="note" defaultValue={review?.note ?? ''} maxLength={2000} rows={3} {...control} />}
          </FormField>
          <FormError error={failed && 'formError' in failed ? failed.formError : undefined} />
          {done ? (
            <p role="status" className="text-sm text-status-accept">
              {t(done.cleared ? 'detail.cleared' : 'detail.saved')}
            </p>
          ) : null}
          <Button type="submit" className="self-start" disabled={fetcher.state !== 'idle'}>
            {t('detail.save')}
          </Button>
        </fetcher.Form>
        {review ? (
          <ConfirmDialog triggerLabel={t('detail.clear')} title={t('detail.clear')} description={t('detail.clearConfirm')} confirmLabel={t('detail.clear')}>
            <input type="hidden" name="intent" value="clear" />
          </ConfirmDialog>
        ) : null}
      </div>
    </Card>
  )
}
