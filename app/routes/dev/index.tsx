import { Link } from 'react-router'
import { AppPage } from '../../components/layouts/app-page'
import { Alert } from '../../components/ui/alert'
import { buttonClasses } from '../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { companiesContext, hasRole } from '../../modules/companies/index'
import { requireActor } from '../../modules/companies/index.server'
import { API_AREAS, API_SCOPES, EVENT_CATALOGUE, exampleBody, WEBHOOK_TOPICS } from '../../modules/developers/index'
import { listApiKeys } from '../../modules/developers/index.server'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { useFormatter } from '../../components/use-formatter'
import type { RouteHandle } from '../../platform/ui/route-handle'
import { pageData } from '../page-data.server'
import { useRootData } from '../route-helpers'
import type { Route } from './+types/index'
import { CodeBlock, DevNav } from './dev-parts'
import { curlFunction, curlOrders, curlWebhook, sdkSnippet, VERIFY_SNIPPET } from './snippets'

export const handle: RouteHandle = { layout: 'admin-dashboard' }

const CHANGELOG_DATES = ['2026-12-06', '2026-12-05', '2026-12-04', '2026-11-21'] as const

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const company = context.get(companiesContext)?.active ?? null
  const admin = hasRole(ctx.actor, 'admin')
  // The newest active key's visible start, so the examples name the key the reader has.
  const keys = admin ? await listApiKeys(ctx, { limit: 20, offset: 0 }) : null
  const newest = keys?.items.find((key) => key.status === 'active') ?? null
  return {
    ...pageData(ctx.locale, 'developers', 'home.metaTitle'),
    companyName: company?.name ?? '',
    admin,
    keyPrefix: newest ? `${newest.prefix}…` : null,
    origin: env().PUBLIC_URL,
    perMinute: env().API_KEY_RATE_LIMIT_PER_MINUTE,
    examples: Object.fromEntries(WEBHOOK_TOPICS.map((topic) => [topic, exampleBody(topic)])),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function DeveloperHome({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('developers')
  const { locale } = useRootData()
  const format = useFormatter()
  const key = data.keyPrefix ?? 'tpk_…'
  const section = 'flex min-w-0 flex-col gap-3'
  return (
    <AppPage title={t('home.title')} description={t('home.description')}>
      <DevNav />
      {data.admin ? null : <Alert tone="info">{t('home.notAdmin', { company: data.companyName })}</Alert>}

      <section aria-labelledby="dev-quick-start" className={section}>
        <h2 id="dev-quick-start" className="text-lg font-semibold">
          {t('home.quickStartTitle')}
        </h2>
        <p className="text-sm">{t('home.quickStartIntro')}</p>
        <CodeBlock code={curlOrders(data.origin, key)} label={t('home.quickStartTitle')} />
        <p className="text-sm text-muted-foreground">{data.keyPrefix ? t('home.yourKey', { prefix: data.keyPrefix }) : t('home.noKey')}</p>
        {data.admin ? (
          <div className="flex flex-wrap gap-2">
            <Link to={localizePath(locale, '/dev/list')} className={buttonClasses(data.keyPrefix ? 'secondary' : 'primary')}>
              {data.keyPrefix ? t('home.manageKeys') : t('home.createKey')}
            </Link>
            <Link to={localizePath(locale, '/dev/edit')} className={buttonClasses('secondary')}>
              {t('home.manageWebhooks')}
            </Link>
          </div>
        ) : null}
        <p className="text-sm">{t('home.createStep')}</p>
        <CodeBlock code={curlWebhook(data.origin)} label={t('home.createStep')} />
      </section>

      <section aria-labelledby="dev-scopes" className={section}>
        <h2 id="dev-scopes" className="text-lg font-semibold">
          {t('home.scopesTitle')}
        </h2>
        <p className="text-sm">{t('home.scopesIntro')}</p>
        <Table stackOnPhone>
          <TableCaption className="sr-only">{t('home.scopesTitle')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('home.scopeArea')}</TableHead>
              <TableHead>{t('home.scopeNames')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {API_AREAS.map((area) => (
              <TableRow key={area}>
                <TableHead scope="row">{t(`areas.${area}`)}</TableHead>
                <TableCell label={t('home.scopeNames')}>
                  <code className="text-xs">{API_SCOPES.filter((scope) => scope.startsWith(`${area}:`)).join(', ')}</code>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <h3 className="font-semibold">{t('home.errorsTitle')}</h3>
        <p className="text-sm">{t('home.errorsBody', { perMinute: data.perMinute })}</p>
      </section>

      <section aria-labelledby="dev-webhooks" className={section}>
        <h2 id="dev-webhooks" className="text-lg font-semibold">
          {t('home.webhooksTitle')}
        </h2>
        <p className="text-sm">{t('home.webhooksIntro')}</p>
        <h3 className="font-semibold">{t('home.verifyTitle')}</h3>
        <CodeBlock code={VERIFY_SNIPPET} label={t('home.verifyTitle')} />
        <h3 id="dev-catalogue" className="font-semibold">
          {t('home.catalogueTitle')}
        </h3>
        <p className="text-sm">{t('home.catalogueIntro')}</p>
        <div className="grid min-w-0 gap-4 lg:grid-cols-2">
          {WEBHOOK_TOPICS.map((topic) => (
            <Card key={topic} className="flex min-w-0 flex-col gap-2 p-4">
              <CardTitle>
                {t(`topics.${topic}`)} <code className="text-xs font-normal text-muted-foreground">{topic}.*</code>
              </CardTitle>
              <CardDescription>{t(`topicHints.${topic}`)}</CardDescription>
              <p className="text-xs">
                <span className="font-medium">{t('home.eventTypes')}: </span>
                <code className="break-words">{EVENT_CATALOGUE[topic].actions.map((action) => `${topic}.${action}`).join(', ')}</code>
              </p>
              <p className="text-xs">
                <span className="font-medium">{t('home.readWith')}: </span>
                <code className="break-words">{EVENT_CATALOGUE[topic].api}</code>
              </p>
              <CodeBlock code={data.examples[topic] ?? ''} label={`${t('home.example')}: ${topic}`} copyable={false} />
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="dev-functions" className={section}>
        <h2 id="dev-functions" className="text-lg font-semibold">
          {t('home.functionsTitle')}
        </h2>
        <p className="text-sm">{t('home.functionsIntro')}</p>
        <CodeBlock code={curlFunction(data.origin, key)} label={t('home.functionsTitle')} />
      </section>

      <section aria-labelledby="dev-sdk" className={section}>
        <h2 id="dev-sdk" className="text-lg font-semibold">
          {t('home.sdkTitle')}
        </h2>
        <p className="text-sm">{t('home.sdkIntro')}</p>
        <CodeBlock code={sdkSnippet(data.origin)} label={t('home.sdkTitle')} />
      </section>

      <section aria-labelledby="dev-reference" className={section}>
        <h2 id="dev-reference" className="text-lg font-semibold">
          {t('home.referenceTitle')}
        </h2>
        <p className="text-sm">{t('home.referenceBody')}</p>
        <div className="flex flex-wrap gap-2">
          <a href="/api/docs" className={buttonClasses('secondary')}>
            {t('home.openReference')}
          </a>
          <a href="/api/openapi.json" className={buttonClasses('ghost')}>
            {t('home.downloadSpec')}
          </a>
        </div>
      </section>

      <section aria-labelledby="dev-changelog" className={section}>
        <h2 id="dev-changelog" className="text-lg font-semibold">
          {t('home.changelogTitle')}
        </h2>
        <ol className="flex flex-col gap-3">
          {CHANGELOG_DATES.map((date) => (
            <li key={date} className="text-sm">
              <time dateTime={date} className="font-medium">
                {format.date(date)}
              </time>{' '}
              — {t(`home.changelog.${date}`)}
            </li>
          ))}
        </ol>
      </section>
    </AppPage>
  )
}
