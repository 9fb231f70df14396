import { randomUUID } from 'node:crypto'
import { products } from '../../app/modules/catalog/catalog.tables.server'
import { database } from '../../app/platform/db/index.server'

/** Inserts a draft product of a company directly (category 'lighting' exists in every test database; no HS code). */
export async function insertProduct(companyId: string, input: { sku?: string; nameEn?: string; moq?: number } = {}) {
  const id = randomUUID()
  const sku = input.sku ?? `SKU-${id.slice(0, 8)}`
  await database()
    .insert(products)
    .values({
      id,
      organizationId: companyId,
      sku,
      nameEn: input.nameEn ?? `Lamp ${sku}`,
      categoryId: 'lighting',
      originCountry: 'CN',
      unit: 'piece',
      moq: input.moq ?? 1,
    })
  return { id, sku }
}
