import { and, asc, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { categoryName, listSuppliers, loadCategories, publishedProducts as products } from '../catalog/index.server'
import { requireCompany } from '../companies/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { approvalStatusesOf } from './approved-supplier.service.server'
import { isTruthyFlag, type SupplierFinderQuery, type SupplierSearchQuery } from './shortlist.inputs'
import type { ApprovalStatus } from './sourcing.constants'
import { purchaseProjects, requirements } from './sourcing.tables.server'

/** A supplying company as the finder lists it, with the buyer's approval status and, when matching, its matching products. */
export type FoundSupplier = {
  id: string
  name: string
  country: string
  verified: boolean
  mainProducts: string[]
  productCount: number
  /** Published products that match the requirement (null when not matching a requirement). */
  matchingProducts: number | null
  approval: ApprovalStatus | null
}

/** What a requirement is matched on. */
export type RequirementMatch = {
  id: string
  title: string
  projectName: string
  categoryId: string | null
  categoryName: string | null
  hsCode: string | null
  hsPrefix: string | null
  keywords: string[]
}

export type SupplierFinderPage = { items: FoundSupplier[]; total: number; limit: number; offset: number; requirement: RequirementMatch | null }

export type SupplierOption = { id: string; name: string; country: string; verified: boolean; approval: ApprovalStatus | null }

export type RequirementChoice = { id: string; title: string; projectName: string; projectNumber: string }

const MAX_KEYWORDS = 5
const STOP_WORDS = new Set(['and', 'for', 'the', 'with', 'pcs', 'set', 'of'])
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** Title words worth matching on: letters or digits, three characters or more (a Chinese run counts as one word). */
export function titleKeywords(title: string): string[] {
  const words = title
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => (/\p{Script=Han}/u.test(word) ? word.length >= 2 : word.length >= 3) && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
  return [...new Set(words)].slice(0, MAX_KEYWORDS)
}

/** The HS code's heading (4 digits), or its chapter for a 2-digit code. */
const hsPrefixOf = (hsCode: string | null) => (hsCode ? hsCode.slice(0, hsCode.length >= 4 ? 4 : 2) : null)

async function descendantCategories(rootId: string): Promise<string[]> {
  const rows = await loadCategories()
  const found = [rootId]
  for (let index = 0; index < found.length; index++) for (const row of rows) if (row.parentId === found[index]) found.push(row.id)
  return found
}

async function requirementMatch(ctx: ServiceContext, requirementId: string): Promise<RequirementMatch> {
  const [row] = await database()
    .select({
      id: requirements.id,
      title: requirements.title,
      categoryId: requirements.categoryId,
      hsCode: requirements.hsCode,
      projectName: purchaseProjects.name,
    })
    .from(requirements)
    .innerJoin(purchaseProjects, eq(purchaseProjects.id, requirements.projectId))
    .where(and(eq(requirements.id, requirementId), eq(requirements.organizationId, ctx.actor.companyId!)))
  if (!row) throw new AppError('not_found', 'Requirement not found')
  const category = row.categoryId ? (await loadCategories()).find((candidate) => candidate.id === row.categoryId) : undefined
  return { ...row, categoryName: category ? categoryName(category, ctx.locale) : null, hsPrefix: hsPrefixOf(row.hsCode), keywords: titleKeywords(row.title) }
}

/** Published products matching the requirement: in its category (or below), under its HS heading, or named like its title. */
async function matchingProductCondition(match: RequirementMatch): Promise<SQL | undefined> {
  const branches: SQL[] = []
  if (match.categoryId) branches.push(inArray(products.categoryId, await descendantCategories(match.categoryId)))
  if (match.hsPrefix) branches.push(sql`${products.hsCode} like ${`${match.hsPrefix}%`}`)
  for (const keyword of match.keywords) branches.push(sql`${products.searchDocument} like ${`%${escapeLike(keyword)}%`}`)
  return branches.length > 0 ? or(...branches) : undefined
}

function companyFilters(ctx: ServiceContext, query: SupplierFinderQuery): SQL[] {
  const filters: SQL[] = [isNull(companies.deletedAt), inArray(companies.kind, ['supplier', 'both']), ne(companies.id, ctx.actor.companyId!)]
  if (query.country) filters.push(eq(companies.country, query.country))
  if (isTruthyFlag(query.verified)) filters.push(eq(companies.verificationStatus, 'accept'))
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`
    filters.push(sql`(lower(${companies.name}) like ${pattern} or lower(${companies.mainProducts}::text) like ${pattern})`)
  }
  return filters
}

/** Suppliers with products matching the requirement: verified first, then by how many products match, then by name. */
async function matchingSuppliers(ctx: ServiceContext, query: SupplierFinderQuery, match: RequirementMatch): Promise<Omit<SupplierFinderPage, 'requirement'>> {
  const productCondition = await matchingProductCondition(match)
  if (!productCondition) return { items: [], total: 0, limit: query.limit, offset: query.offset }
  const matches = database()
    .select({ companyId: products.companyId, matching: sql<number>`count(*)`.as('matching') })
    .from(products)
    .where(productCondition)
    .groupBy(products.companyId)
    .as('matches')
  const where = and(...companyFilters(ctx, query))
  const [rows, totals] = await Promise.all([
    database()
      .select({
        id: companies.id,
        name: companies.name,
        country: companies.country,
        verificationStatus: companies.verificationStatus,
        mainProducts: companies.mainProducts,
        matching: matches.matching,
        productCount: sql<number>`(select count(*) from ${products} where ${products.companyId} = ${companies.id})`.mapWith(Number),
      })
      .from(companies)
      .innerJoin(matches, eq(matches.companyId, companies.id))
      .where(where)
      .orderBy(sql`(${companies.verificationStatus} = 'accept') desc`, sql`${matches.matching} desc`, sql`lower(${companies.name})`, asc(companies.id))
      .limit(query.limit)
      .offset(query.offset),
    database().select({ total: count() }).from(companies).innerJoin(matches, eq(matches.companyId, companies.id)).where(where),
  ])
  const approvals = await approvalStatusesOf(
    database(),
    ctx.actor.companyId!,
    rows.map((row) => row.id),
  )
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      country: row.country,
      verified: row.verificationStatus === 'accept',
      mainProducts: row.mainProducts,
      productCount: row.productCount,
      matchingProducts: Number(row.matching),
      approval: approvals.get(row.id) ?? null,
    })),
    total: Number(totals[0]?.total ?? 0),
    limit: query.limit,
    offset: query.offset,
  }
}

/**
 * The buyer's supplier search: the marketplace's supplying companies (verified first), or, given one of the buyer's
 * requirements, those with published products matching its category, HS heading or title words. Each with the
 * buyer's approval status (blocked suppliers are flagged, not hidden).
 */
export async function findSuppliers(ctx: ServiceContext, query: SupplierFinderQuery): Promise<SupplierFinderPage> {
  requireCompany(ctx.actor)
  if (query.requirement) {
    const match = await requirementMatch(ctx, query.requirement)
    return { ...(await matchingSuppliers(ctx, query, match)), requirement: match }
  }
  // The directory lists the buyer too when it also supplies: ask for one more and leave it out.
  const page = await listSuppliers({
    q: query.q,
    country: query.country,
    verifiedOnly: isTruthyFlag(query.verified),
    sort: 'verified',
    limit: query.limit + 1,
    offset: query.offset,
  })
  const own = page.items.some((supplier) => supplier.id === ctx.actor.companyId)
  const items = page.items.filter((supplier) => supplier.id !== ctx.actor.companyId).slice(0, query.limit)
  const approvals = await approvalStatusesOf(
    database(),
    ctx.actor.companyId,
    items.map((supplier) => supplier.id),
  )
  return {
    items: items.map((supplier) => ({
      id: supplier.id,
      name: supplier.name,
      country: supplier.country,
      verified: supplier.verified,
      mainProducts: supplier.mainProducts,
      productCount: supplier.productCount,
      matchingProducts: null,
      approval: approvals.get(supplier.id) ?? null,
    })),
    total: own ? page.total - 1 : page.total,
    limit: query.limit,
    offset: query.offset,
    requirement: null,
  }
}

/** The selector's type-ahead: supplying companies by name or main products, verified first, with the approval status. */
export async function searchSupplierOptions(ctx: ServiceContext, query: SupplierSearchQuery): Promise<SupplierOption[]> {
  requireCompany(ctx.actor)
  const page = await listSuppliers({ q: query.q || undefined, sort: 'verified', limit: query.limit + 1 })
  const items = page.items.filter((supplier) => supplier.id !== ctx.actor.companyId).slice(0, query.limit)
  const approvals = await approvalStatusesOf(
    database(),
    ctx.actor.companyId,
    items.map((supplier) => supplier.id),
  )
  return items.map((supplier) => ({
    id: supplier.id,
    name: supplier.name,
    country: supplier.country,
    verified: supplier.verified,
    approval: approvals.get(supplier.id) ?? null,
  }))
}

/** Supplying companies by id, for a selector's initial chips (unknown and non-supplying ids are left out). */
export async function supplierOptionsByIds(ctx: ServiceContext, ids: string[]): Promise<SupplierOption[]> {
  requireCompany(ctx.actor)
  const unique = [...new Set(ids)].slice(0, 100)
  if (unique.length === 0) return []
  const rows = await database()
    .select({ id: companies.id, name: companies.name, country: companies.country, verificationStatus: companies.verificationStatus })
    .from(companies)
    .where(and(inArray(companies.id, unique), isNull(companies.deletedAt), inArray(companies.kind, ['supplier', 'both'])))
  const approvals = await approvalStatusesOf(database(), ctx.actor.companyId, unique)
  const byId = new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, country: row.country, verified: row.verificationStatus === 'accept', approval: approvals.get(row.id) ?? null },
    ]),
  )
  return unique.flatMap((id) => byId.get(id) ?? [])
}

/** The company's open requirements to match suppliers to, newest first. */
export async function requirementChoices(ctx: ServiceContext): Promise<RequirementChoice[]> {
  requireCompany(ctx.actor)
  return database()
    .select({ id: requirements.id, title: requirements.title, projectName: purchaseProjects.name, projectNumber: purchaseProjects.number })
    .from(requirements)
    .innerJoin(purchaseProjects, eq(purchaseProjects.id, requirements.projectId))
    .where(and(eq(requirements.organizationId, ctx.actor.companyId), inArray(requirements.status, ['open', 'rfq_sent', 'quoted'])))
    .orderBy(sql`${requirements.createdAt} desc`, asc(requirements.position), asc(requirements.id))
    .limit(200)
}
