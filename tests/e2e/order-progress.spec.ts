import { expect, test } from '@playwright/test'
import { DEMO, openPage, signedInContext } from './support/helpers'
import { api } from './support/sourcing-api'

// Issue 16: the order page shows the lifecycle as steps and, for a half-shipped order, tells each side what to expect.
test('a half-shipped order tells the buyer what has left and what is to come, and the supplier what is left to ship', async ({ browser }) => {
  const buyer = await signedInContext(browser, DEMO.buyer)
  const page = await api(buyer.context.request, 'get', '/orders?status=shipped&side=buyer&limit=50')
  const half = (page.items as Array<{ id: string; number: string; supplier: { name: string } }>).find(Boolean)
  expect(half, 'the demo buyer has a shipped order').toBeTruthy()
  await openPage(buyer.page, `/en/app/orders/${half!.id}/view`)
  const progress = buyer.page.getByRole('region', { name: 'Where this order stands' })
  await expect(progress.getByRole('navigation', { name: 'Order progress' }).getByRole('listitem')).toHaveText([
    /Placed/,
    /Confirmed/,
    /In production/,
    /Shipped/,
    /Delivered/,
    /Completed/,
  ])
  await expect(progress).toContainText(/\d[\d,]* of [\d,]+ units have shipped; .+ will ship the other [\d,]+\. Confirm delivery once everything has arrived\./)
  await expect(buyer.page.getByText('Nothing for you to do')).toHaveCount(0)

  const supplier = await signedInContext(browser, DEMO.supplier)
  await openPage(supplier.page, `/en/app/supplier/purchase/order/${half!.id}`)
  const supplierProgress = supplier.page.getByRole('region', { name: 'Where this order stands' })
  await expect(supplierProgress).toContainText(/units shipped: ship the other [\d,]+ to complete the order\./)
  await supplierProgress.getByRole('link', { name: 'Ship' }).click()
  await expect(supplier.page.locator('#order-actions')).toBeInViewport()

  await openPage(buyer.page, `/zh-Hans/app/orders/${half!.id}/view`)
  await expect(buyer.page.getByRole('region', { name: '订单进展' })).toContainText('全部到货后请确认收货')
  await buyer.context.close()
  await supplier.context.close()
})
