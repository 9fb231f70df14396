import { data, Link } from 'react-router'
import { Card } from '../../components/ui/card'
import { clientSessionContext } from '../../modules/identity/index'
import { hsIndex, hsSection } from '../../modules/compliance/index.server'
import { env } from '../../platform/env.server'
import { isAppError } from '../../platform/errors'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { routeLocale } from '../route-helpers'
import type { Route } from './+types/section'
import { Attribution, Breadcrumbs, HS_PATH, SearchForm, useHsPaths } from './hs-parts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const section = await hsSection(params.section ?? '', locale).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'not_found')
      throw data(translator(locale)('errors.pageNotFound', { path: new URL(request.url).pathname }), { status: 404 })
    throw error
  })
  const index = await hsIndex()
  const t = translator(locale, 'hsLookup')
  // Each chapter with its headings, in the reader's language.
  const chapters = section.chapters.map((chapter) => ({
    ...chapter,
    headings: index.node(chapter.code)!.children.map((code) => ({ code, ...index.text(code, locale) })),
  }))
  return data(
    {
      ...pageData(locale, 'hsLookup', 'meta.title'),
      title: t('meta.sectionTitle', { section: section.section, name: section.name }),
      description: t('meta.description'),
      origin: env().PUBLIC_URL,
      section: { section: section.section, name: section.name },
      chapters,
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
        path: `${HS_PATH}/section/${loaderData.section.section}`,
        title: loaderData.title,
        description: loaderData.description,
      })
    : []

export default function HsSectionPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation('hsLookup')
  const paths = useHsPaths()
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <Breadcrumbs trail={[{ label: t('page.breadcrumb'), to: paths.home() }, { label: t('browse.section', { section: page.section.section }) }]} />
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('section.heading', { section: page.section.section })}</h1>
        <p className="max-w-3xl text-muted-foreground">{page.section.name}</p>
      </header>
      <ul className="flex flex-col gap-4">
        {page.chapters.map((chapter) => (
          <li key={chapter.code}>
            <Card className="flex flex-col gap-3 p-4">
              <h2 className="flex min-w-0 flex-wrap items-baseline gap-x-3 font-medium">
                <Link to={paths.code(chapter.code)} className="font-mono text-primary underline-offset-4 hover:underline">
                  {chapter.code}
                </Link>
                <span className="min-w-0 break-words" lang={chapter.fallback ? 'en' : undefined}>
                  {chapter.description}
                </span>
              </h2>
              <details>
                <summary className="cursor-pointer text-sm text-muted-foreground">{t('section.headings', { code: chapter.code })}</summary>
                <ul className="mt-2 flex flex-col gap-1 text-sm">
                  {chapter.headings.map((heading) => (
                    <li key={heading.code} className="flex min-w-0 gap-2">
                      <Link to={paths.code(heading.code)} className="shrink-0 font-mono text-primary underline-offset-4 hover:underline">
                        {heading.code}
                      </Link>
                      <span className="min-w-0 break-words" lang={heading.fallback ? 'en' : undefined}>
                        {heading.text}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            </Card>
          </li>
        ))}
      </ul>
      <SearchForm q="" />
      <Attribution />
    </div>
  )
}
