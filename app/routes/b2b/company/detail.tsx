import { data, Link, redirect } from 'react-router'
import { Card, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import {
  FactoryPhotoGallery,
  lenientQuery,
  placeName,
  ProductGrid,
  ProfileProductsQuery,
  SupplierCertifications,
  SupplierContactCard,
  SupplierFacts,
  SupplierLogo,
  supplierProfileJsonLd,
  toMarketCard,
  usePlaceName,
  VerificationNote,
} from '../../../modules/catalog/index'
import { getSupplierProfile, type PublicSupplierProfile } from '../../../modules/catalog/index.server'
import { VerifiedBadge } from '../../../modules/companies/index'
import { requireActor } from '../../../modules/companies/index.server'
import { clientSessionContext } from '../../../modules/identity/index'
import { redirectCookie } from '../../../modules/identity/index.server'
import { OpenConversation, SignInToMessage } from '../../../modules/messaging/index'
import { env } from '../../../platform/env.server'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pickedMessages, translator } from '../../../platform/i18n/translate.server'
import { absoluteUrl, publicPageHeaders, seoMeta } from '../../../platform/seo'
import { cookieHeaders, routeLocale, useRootData } from '../../route-helpers'
import { threadEntry } from '../../app/inbox/entry-points.server'
import type { Route } from './+types/detail'
import { PAGE_MESSAGES } from '../../page-messages'
import { SpriteIcon } from '../../../components/ui/sprite-icon'

const profilePath = (id: string) => `/b2b/company/${encodeURIComponent(id)}`

/** An unknown, deleted, buyer-only or malformed id is the 404 page naming the full requested path. */
async function supplierOr404(request: Request, id: string | undefined, locale: Locale, offset = 0): Promise<PublicSupplierProfile> {
  const profile = id ? await getSupplierProfile(id, locale, { offset }) : null
  if (profile) return profile
  const url = new URL(request.url)
  throw data(translator(locale)('errors.pageNotFound', { path: `${url.pathname}${url.search}` }), { status: 404 })
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const query = lenientQuery(ProfileProductsQuery, Object.fromEntries(new URL(request.url).searchParams))
  const profile = await supplierOr404(request, params.id, locale, query.offset)
  const t = translator(locale, 'directory')
  const origin = env().PUBLIC_URL
  const path = profilePath(profile.id)
  const place = placeName(profile.country, profile.city, locale)
  const signedIn = context.get(clientSessionContext) !== null
  // A member of another company may message this one; the thread hangs on the company pair.
  const ctx = signedIn ? requireActor(context, params) : null
  const companyThread = ctx?.actor.companyId && ctx.actor.companyId !== profile.id ? await threadEntry(ctx, { kind: 'direct', companyId: profile.id }) : null
  const summary = profile.supplierType
    ? t('profile.metaDescription', { name: profile.name, type: t(`supplierTypes.${profile.supplierType}`), location: place })
    : t('profile.metaDescriptionNoType', { name: profile.name, location: place })
  return data(
    {
      title: t('profile.metaTitle', { name: profile.name }),
      description: profile.description || summary,
      i18n: pickedMessages(locale, PAGE_MESSAGES.companyProfile),
      seo: { origin, path: profile.products.offset > 0 ? `${path}?offset=${profile.products.offset}` : path, image: profile.logoUrl },
      jsonLd: supplierProfileJsonLd(profile, { origin, profile: absoluteUrl(origin, locale, path) }),
      profile,
      signedIn,
      companyThread,
    },
    { headers: publicPageHeaders(signedIn) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? [
        ...seoMeta({ ...loaderData.seo, locale: routeLocale(params), title: loaderData.title, description: loaderData.description }),
        { 'script:ld+json': loaderData.jsonLd },
      ]
    : []

/** "Contact supplier" and "Request a quotation" for visitors: remember this page, then sign in (login returns here). */
export async function action({ request, params }: Route.ActionArgs) {
  const locale = routeLocale(params)
  const profile = await supplierOr404(request, params.id, locale)
  return redirect(localizePath(locale, '/login'), { headers: cookieHeaders([redirectCookie(localizePath(locale, profilePath(profile.id)))]) })
}

function ProfileHeader({ profile }: { profile: PublicSupplierProfile }) {
  const { t } = useTranslation('directory')
  const place = usePlaceName(profile.country, profile.city)
  return (
    <header className="flex flex-col gap-4">
      {/* Decorative: the company's name and facts follow. */}
      {profile.bannerUrl ? (
        <img
          src={profile.bannerUrl}
          alt=""
          width={1200}
          height={300}
          fetchPriority="high"
          className="aspect-[4/1] w-full rounded-lg border border-border object-cover"
        />
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <SupplierLogo name={profile.name} url={profile.logoUrl} size="lg" />
        <div className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold sm:text-3xl">{profile.name}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {profile.verified ? <VerifiedBadge /> : null}
            <span className="inline-flex items-center gap-1">
              <SpriteIcon name="map-pin" className="size-4" />
              {place}
            </span>
            {profile.supplierType ? <span>{t(`supplierTypes.${profile.supplierType}`)}</span> : null}
          </div>
          <VerificationNote profile={profile} />
        </div>
      </div>
    </header>
  )
}

function ProfileProducts({ profile }: { profile: PublicSupplierProfile }) {
  const { t } = useTranslation('directory')
  const { locale } = useRootData()
  const format = useFormatter()
  const { products } = profile
  const base = localizePath(locale, profilePath(profile.id))
  return (
    <section aria-labelledby="supplier-products-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="supplier-products-title" className="text-lg font-semibold">
          {t('profile.products')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profile.productCount', { count: format.number(products.total) })}</p>
      </div>
      {products.items.length === 0 ? (
        <EmptyState icon="package" title={t('profile.noProducts')} />
      ) : (
        <ProductGrid products={products.items.map((product) => toMarketCard(product, locale))} locale={locale} />
      )}
      <Pagination
        total={products.total}
        offset={products.offset}
        limit={products.limit}
        hrefFor={(offset) => (offset > 0 ? `${base}?offset=${offset}#supplier-products-title` : `${base}#supplier-products-title`)}
      />
    </section>
  )
}

export default function SupplierProfilePage({ loaderData: { profile, signedIn, companyThread } }: Route.ComponentProps) {
  const { t } = useTranslation('directory')
  const { locale } = useRootData()
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <nav aria-label={t('profile.breadcrumb')} className="text-sm">
        <Link to={localizePath(locale, '/b2b/company')} className="text-primary underline-offset-4 hover:underline">
          {t('profile.directory')}
        </Link>
      </nav>
      <ProfileHeader profile={profile} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card aria-labelledby="supplier-about-title">
            <CardTitle id="supplier-about-title" className="mb-3">
              {t('profile.about')}
            </CardTitle>
            <p className="text-sm whitespace-pre-line">{profile.description || t('profile.noDescription')}</p>
          </Card>
          <SupplierFacts profile={profile} />
          <SupplierCertifications profile={profile} />
          <FactoryPhotoGallery profile={profile} />
        </div>
        <aside className="flex flex-col gap-6">
          {companyThread ? (
            <OpenConversation
              locale={locale}
              target={companyThread.target}
              existingId={companyThread.existingId}
              labelKey="entry.messageCompany"
              variant="primary"
              size="md"
            />
          ) : null}
          {signedIn ? null : <SignInToMessage size="md" />}
          <SupplierContactCard profile={profile} signedIn={signedIn} />
        </aside>
      </div>
      <ProfileProducts profile={profile} />
    </div>
  )
}
