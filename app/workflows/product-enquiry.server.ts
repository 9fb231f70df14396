// A buyer on a product page asks for a quotation or shortlists its supplier: the catalogue's product becomes a
// purchase project's requirement, and its supplier joins the project's shortlist, composed from sourcing's services.
import type { PublicProduct } from '../modules/catalog/index.server'
import { requireCompany } from '../modules/companies/index'
import { addToShortlist, createProject, createRequirement, openProjects } from '../modules/sourcing/index.server'
import type { ServiceContext } from '../platform/actor'
import { AppError, isAppError } from '../platform/errors'
import { idempotencyOfPart, type IdempotencyOption } from '../platform/idempotency/idempotency.server'
import { NEW_PROJECT, type ProductEnquiryIntent } from './product-enquiry'

export { isProductEnquiry, NEW_PROJECT } from './product-enquiry'

export type ProductEnquiry = { intent: ProductEnquiryIntent; projectId: string }
/** `projectLabel` names the project as the page's choice does ("PRJ-… · name"). */
export type ProductEnquiryResult = { projectId: string; projectLabel: string; requirementId: string | null; alreadyShortlisted: boolean }
type ProjectChoice = { id: string; number: string; name: string }
const labelOf = (project: ProjectChoice) => `${project.number} · ${project.name}`

const TITLE_MAX = 200
const SPECIFICATION_MAX = 4000
const UNIT_MAX = 20

/** The requirement a product stands for: its name, minimum order, unit, category and six-digit HS subheading. */
function requirementOf(product: PublicProduct, projectId: string) {
  const hsDigits = product.hsCode?.code.replace(/\D/g, '') ?? ''
  return {
    projectId,
    title: product.name.slice(0, TITLE_MAX),
    specification: product.description.slice(0, SPECIFICATION_MAX),
    categoryId: product.categories.at(-1)?.id,
    hsCode: hsDigits.length >= 6 ? hsDigits.slice(0, 6) : undefined,
    quantity: Math.max(1, product.moq),
    unit: product.unit.slice(0, UNIT_MAX),
    destination: '',
    attachmentFileIds: [],
  }
}

/** The project asked for: one of the company's open projects, or a new one named after the product. */
async function projectFor(ctx: ServiceContext, product: PublicProduct, projectId: string, options: IdempotencyOption): Promise<ProjectChoice> {
  if (projectId === NEW_PROJECT) {
    const currency = product.priceTiers?.currency ?? 'USD'
    return createProject(ctx, { name: product.name.slice(0, TITLE_MAX), description: '', currency }, idempotencyOfPart(options, 'project'))
  }
  const chosen = (await openProjects(ctx)).find((project) => project.id === projectId)
  if (!chosen) throw new AppError('validation_failed', 'Choose one of your open projects', { fields: { projectId: ['validation.project'] } })
  return chosen
}

/** Puts the supplier on the project's shortlist; being there already is fine. */
async function shortlistSupplier(ctx: ServiceContext, projectId: string, supplierId: string, options: IdempotencyOption): Promise<boolean> {
  try {
    await addToShortlist(ctx, projectId, { supplierCompanyId: supplierId, note: '' }, idempotencyOfPart(options, 'shortlist'))
    return false
  } catch (error) {
    const fields = isAppError(error) ? (error.details?.fields as Record<string, string[]> | undefined) : undefined
    if (fields?.supplierCompanyId?.includes('validation.alreadyShortlisted')) return true
    throw error
  }
}

/**
 * "Add to shortlist" puts the product's supplier on the chosen project's shortlist; "Request a quotation" also adds the
 * product as a requirement of the project, so the RFQ form can open with that line and that supplier. A company never
 * enquires about its own products. Retries with the same idempotency key create nothing twice.
 */
export async function enquireAboutProduct(
  ctx: ServiceContext,
  product: PublicProduct,
  input: ProductEnquiry,
  options: IdempotencyOption = {},
): Promise<ProductEnquiryResult> {
  requireCompany(ctx.actor)
  if (product.supplier.id === ctx.actor.companyId)
    throw new AppError('validation_failed', 'This is your own product', { fields: { supplierCompanyId: ['validation.ownCompany'] } })
  const project = await projectFor(ctx, product, input.projectId, options)
  const answer = { projectId: project.id, projectLabel: labelOf(project) }
  const alreadyShortlisted = await shortlistSupplier(ctx, project.id, product.supplier.id, options)
  if (input.intent === 'shortlist') return { ...answer, requirementId: null, alreadyShortlisted }
  const requirement = await createRequirement(ctx, requirementOf(product, project.id), idempotencyOfPart(options, 'requirement'))
  return { ...answer, requirementId: requirement.id, alreadyShortlisted }
}
