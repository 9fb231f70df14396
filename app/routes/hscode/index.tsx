import { data, Form, Link } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { FormField } from '../../components/ui/field'
import { Textarea } from '../../components/ui/textarea'
import { useFormatter } from '../../components/use-formatter'
import { clientSessionContext } from '../../modules/identity/index'
import { HS_DESCRIPTION_MAX, HS_QUERY_MAX, classifyProduct, hsSections, searchHsCodes } from '../../modules/compliance/index.server'
import { env } from '../../platform/env.server'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { routeLocale } from '../route-helpers'
import type { Route } from './+types/index'
import { Attribution, CodeLink, hanPairsOf, HS_PATH, printedCode, SearchForm, useHsPaths } from './hs-parts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'hsLookup')
  const search = new URL(request.url).searchParams
  const q = (search.get('q') ?? '').trim()
  const describe = (search.get('describe') ?? '').trim()
  // Too long is said next to the field (never a 500): nothing is looked up then.
  const qErrors = q.length > HS_QUERY_MAX ? [t('validation.tooLong')] : []
  // A classify form sent empty asks for a description; a search box sent empty just shows the page.
  const describeErrors =
    describe.length > HS_DESCRIPTION_MAX ? [t('validation.tooLong')] : search.has('describe') && !describe ? [t('validation.required')] : []
  const [sections, results, suggestions] = await Promise.all([
    hsSections(locale),
    q && qErrors.length === 0 ? searchHsCodes({ q }, locale) : Promise.resolve(null),
    describe && describeErrors.length === 0 ? classifyProduct(describe, locale) : Promise.resolve(null),
  ])
  return data(
    {
      ...pageData(locale, 'hsLookup', 'meta.title'),
      description: t('meta.description'),
      origin: env().PUBLIC_URL,
      noindex: Boolean(q || describe),
      q: q.slice(0, HS_QUERY_MAX),
      describe: describe.slice(0, HS_DESCRIPTION_MAX),
      qErrors,
      describeErrors,
      results,
      suggestions,
      sections,
    },
    { headers: publicPageHeaders(context.get(clientSessionContext) !== null) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? seoMeta({
        origin: loaderData.origin,
        locale: routeLocale(params),
        path: HS_PATH,
        title: loaderData.title,
        description: loaderData.description,
        noindex: loaderData.noindex,
      })
    : []

export default function HsLookupPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation('hsLookup')
  const format = useFormatter()
  const paths = useHsPaths()
  const best = page.suggestions?.[0]?.score ?? 0
  // A typo is read the same way for every code: said once, above the list, with the corrected search one click away.
  const corrections = [...new Map((page.results ?? []).flatMap((hit) => hit.corrected).map((correction) => [correction.typed, correction])).values()]
  const correctedQuery = corrections.reduce((query, { typed, found }) => query.replace(new RegExp(typed, 'i'), found), page.q)
  const queryPairs = hanPairsOf(page.q)
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('page.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('page.intro')}</p>
      </header>

      <section aria-labelledby="hs-search-title" className="flex flex-col gap-4">
        <h2 id="hs-search-title" className="text-lg font-semibold">
          {t('search.heading')}
        </h2>
        <SearchForm q={page.q} errors={page.qErrors} />
        {page.results ? (
          <div className="flex flex-col gap-3">
            {page.results.length > 0 ? <p className="text-sm text-muted-foreground">{t('search.results', { count: page.results.length, q: page.q })}</p> : null}
            {corrections.length > 0 ? (
              <p className="text-sm">
                {correctedQuery !== page.q ? (
                  <>
                    {t('search.didYouMean')}{' '}
                    <Link to={paths.home({ q: correctedQuery })} className="font-medium text-primary underline-offset-4 hover:underline">
                      {correctedQuery}
                    </Link>
                    {' · '}
                  </>
                ) : null}
                <span className="text-muted-foreground">{corrections.map((correction) => t('search.corrected', correction)).join(' · ')}</span>
              </p>
            ) : null}
            {page.results.length === 0 ? (
              <EmptyState
                icon="search"
                title={t('search.none', { q: page.q })}
                description={t('search.noneHint')}
                action={
                  <a href="#hs-browse-title" className={buttonClasses('secondary')}>
                    {t('search.browseInstead')}
                  </a>
                }
              />
            ) : (
              <ol className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
                {page.results.map((hit) => (
                  <li key={hit.code} className="p-4">
                    <CodeLink
                      row={hit}
                      emphasis={[...hit.matched, ...queryPairs]}
                      extra={
                        hit.matched.length > 0 ? (
                          <p className="text-xs text-muted-foreground">{t('search.matched', { words: hit.matched.join(', ') })}</p>
                        ) : null
                      }
                    />
                  </li>
                ))}
              </ol>
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="hs-classify-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="hs-classify-title" className="text-lg font-semibold">
            {t('classify.heading')}
          </h2>
          <p className="max-w-3xl text-sm text-muted-foreground">{t('classify.intro')}</p>
        </div>
        <Form method="get" action={paths.home()} className="flex flex-col gap-3" preventScrollReset>
          <FormField label={t('classify.label')} hint={t('classify.hint')} errors={page.describeErrors}>
            {(control) => <Textarea name="describe" defaultValue={page.describe} maxLength={2000} rows={3} required {...control} />}
          </FormField>
          <Button type="submit" className="self-start">
            {t('classify.submit')}
          </Button>
        </Form>
        {page.suggestions ? (
          page.suggestions.length === 0 ? (
            <EmptyState icon="search" title={t('classify.none')} />
          ) : (
            <div className="flex flex-col gap-2">
              <h3 className="font-medium">{t('classify.results')}</h3>
              <ol className="flex flex-col gap-3">
                {page.suggestions.map((suggestion, index) => (
                  <li key={suggestion.heading.code}>
                    <Card className="flex flex-col gap-2 p-4">
                      <p className="text-xs font-medium text-muted-foreground">{t('classify.rank', { rank: format.number(index + 1) })}</p>
                      <CodeLink row={suggestion.heading} />
                      {suggestion.subheading && suggestion.subheading.code !== suggestion.heading.code ? (
                        <p className="break-words text-sm">
                          <Link to={paths.code(suggestion.subheading.code)} className="font-medium text-primary underline-offset-4 hover:underline">
                            {t('classify.best', { code: printedCode(suggestion.subheading.code) })}
                          </Link>
                          <span
                            className="text-muted-foreground"
                            lang={suggestion.subheading.fallback ? 'en' : undefined}
                          >{` — ${suggestion.subheading.description}`}</span>
                          {suggestion.subheading.fallback ? <span className="block text-xs text-muted-foreground">{t('fallback')}</span> : null}
                        </p>
                      ) : null}
                      <div aria-hidden="true" className="h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-muted">
                        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.max(8, Math.round((suggestion.score / best) * 100))}%` }} />
                      </div>
                      <p className="text-xs text-muted-foreground">{t('classify.why', { words: suggestion.reasons.join(', ') })}</p>
                    </Card>
                  </li>
                ))}
              </ol>
            </div>
          )
        ) : null}
      </section>

      <section aria-labelledby="hs-browse-title" className="flex flex-col gap-4">
        <h2 id="hs-browse-title" className="text-lg font-semibold">
          {t('browse.heading')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-2">
          {page.sections.map((section) => (
            <li key={section.section}>
              <Card className="flex h-full flex-col gap-3 p-4">
                <h3 className="font-medium">
                  <Link to={paths.section(section.section)} className="underline-offset-4 hover:underline">
                    {t('browse.section', { section: section.section })}
                  </Link>
                  <span className="block text-sm font-normal text-muted-foreground">{section.name}</span>
                </h3>
                <ul className="flex flex-col gap-1 text-sm">
                  {section.chapters.map((chapter) => (
                    <li key={chapter.code} className="flex min-w-0 gap-2">
                      <Link to={paths.code(chapter.code)} className="shrink-0 font-mono text-primary underline-offset-4 hover:underline">
                        {chapter.code}
                      </Link>
                      <span className="min-w-0 break-words" lang={chapter.fallback ? 'en' : undefined}>
                        {chapter.description}
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <Attribution />
    </div>
  )
}
