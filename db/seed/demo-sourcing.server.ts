import { eq } from 'drizzle-orm'
import { CreateProjectInput, CreateRequirementInput, CreateRfqInput, RfqTransitionInput } from '../../app/modules/sourcing/index'
import { addToShortlist, createProject, createRequirement, createRfq, transitionRfq } from '../../app/modules/sourcing/index.server'
import { purchaseProjects } from '../../app/modules/sourcing/sourcing.tables.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoMember } from './demo-orders.server'

/**
 * Gives the demo buyer a purchase project with three requirements, the demo supplier on its shortlist, and an RFQ
 * sent to it (quotes due in two weeks), through the sourcing services — so the supplier's RFQ inbox and the buyer's
 * sourcing pages have something to show. Runs once: skipped when the demo buyer has a project.
 */
export async function seedDemoSourcing(): Promise<void> {
  const buyer = await demoMember(DEMO_ACCOUNTS[0].email)
  const supplier = await demoMember(DEMO_ACCOUNTS[1].email)
  if (!buyer || !supplier) return
  const [existing] = await database()
    .select({ id: purchaseProjects.id })
    .from(purchaseProjects)
    .where(eq(purchaseProjects.organizationId, buyer.companyId))
    .limit(1)
  if (existing) return
  const ctx = contextOf(buyer.userId, buyer.companyId)
  const project = await createProject(
    ctx,
    CreateProjectInput.parse({
      name: 'Tea house opening, Causeway Bay',
      description: 'Tableware and décor for the new tea house; opening in March.',
      currency: 'USD',
      budget: '40000',
      deadline: '2027-02-28',
    }),
  )
  const requirements = []
  for (const [title, quantity, target, specification] of [
    ['Celadon tea cup, 150 ml', 1200, '2.80', 'Stoneware, lead-free glaze, dishwasher safe'],
    ['Blue-and-white teapot, 600 ml', 200, '14.50', 'Porcelain with stainless infuser'],
    ['Bamboo serving tray', 300, '6.20', 'Food-safe lacquer, 40 × 25 cm'],
  ] as const) {
    requirements.push(
      await createRequirement(
        ctx,
        CreateRequirementInput.parse({
          projectId: project.id,
          title,
          specification,
          quantity,
          unit: 'pcs',
          targetUnitPrice: target,
          targetCurrency: 'USD',
          destination: 'Hong Kong',
          categoryId: 'ceramics-glass',
        }),
      ),
    )
  }
  await addToShortlist(ctx, project.id, { supplierCompanyId: supplier.companyId, note: 'Verified manufacturer in Jingdezhen' })
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 16)
  const draft = await createRfq(
    ctx,
    CreateRfqInput.parse({
      projectId: project.id,
      title: 'Tea house tableware',
      description: 'Samples welcome; please state carton sizes.',
      quoteDeadline: deadline,
      currency: 'USD',
      incoterm: 'FOB',
      incotermPlace: 'Shanghai',
      destination: 'Hong Kong',
      supplierIds: [supplier.companyId],
      requirementIds: requirements.map((requirement) => requirement.id),
    }),
  )
  await transitionRfq(ctx, draft.id, RfqTransitionInput.parse({ action: 'publish', version: draft.version }))
  logger().info({ project: project.number }, 'demo sourcing seeded')
}
