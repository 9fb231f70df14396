import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { publishedAvailability } from '../../app/modules/inventory/index.server'
import { warehouses } from '../../app/modules/inventory/inventory.tables.server'
import { database } from '../../app/platform/db/index.server'
import { createMember } from '../../db/factories/companies'
import { createProduct } from '../../db/factories/products'
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts'
import { DEMO_CATALOGUE } from '../../db/seed/demo-catalogue.server'
import { seedDemoInventory } from '../../db/seed/demo-inventory.server'

let supplierId: string
const ids = new Map<string, string>()

beforeAll(async () => {
  const { company } = await createMember({
    role: 'owner',
    user: { email: DEMO_ACCOUNTS[1].email },
    companyInput: { name: 'Bamboo Kiln Ceramics', kind: 'supplier', verificationStatus: 'accept' },
  })
  supplierId = company.id
  for (const item of DEMO_CATALOGUE) ids.set(item.sku, (await createProduct({ companyId: supplierId, sku: item.sku, nameEn: item.name.en })).id)
  await seedDemoInventory()
  await seedDemoInventory()
})

describe('the demo supplier’s stock', () => {
  it('publishes its store once: mugs and bowls in stock, the teapot sold out, samples and made-to-order goods unsaid', async () => {
    const availability = await publishedAvailability(supplierId, [...ids.values()])
    expect(Object.fromEntries([...ids].flatMap(([sku, id]) => (availability.has(id) ? [[sku, availability.get(id)]] : [])))).toEqual({
      'BKC-MUG-350': 1200,
      'BKC-BOWL-15': 2400,
      'BKC-TPT-600': 0,
    })
    const rows = await database()
      .select({ code: warehouses.code, publishAvailability: warehouses.publishAvailability })
      .from(warehouses)
      .where(eq(warehouses.organizationId, supplierId))
    expect(rows.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'JDZ-01', publishAvailability: true },
      { code: 'JDZ-S', publishAvailability: false },
    ])
  })
})
