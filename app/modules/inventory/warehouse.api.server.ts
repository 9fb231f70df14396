import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseKeys, errorResponses, IdParam, jsonResponse, memberAccess, SIGNED_IN, snakeCaseBodySchema } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { companyServiceContext } from '../companies/index.server'
import { WarehouseInput } from './index'
import { archiveWarehouse, createWarehouse, getWarehouse, listWarehouses, restoreWarehouse, updateWarehouse, type Warehouse } from './index.server'
import { runInventory, WarehouseSchema } from './inventory-api-schemas.server'

const BODIES = {
  WarehouseInput: snakeCaseBodySchema(WarehouseInput, {
    code: 'SZ-01',
    name: 'Shenzhen main warehouse',
    address_id: null,
    manager_user_id: null,
    notes: 'Dock 3, open 8:00–18:00',
    publish_availability: false,
  }),
}

const tags = ['Inventory']
const adminAccess = (resource?: string) => access({ level: 'company', minRole: 'admin', ...(resource ? { resource } : {}) })
const write = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }
const warehouseWire = (warehouse: Warehouse) => toWire(WarehouseSchema, warehouse)

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/warehouses',
    tags,
    summary: 'The company’s warehouses (active first, by code) with their item count and stock value per currency',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: { 200: jsonResponse(z.object({ items: z.array(WarehouseSchema) }), 'The warehouses'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/warehouses',
    tags,
    summary: 'Open a warehouse (admins and owners)',
    description:
      'The code is unique in the company whatever its case (422 on `code`); the address is one of the company’s address book and the manager one of its members (422 otherwise). ' +
      '`publish_availability` (true or false, default false) lets the market see the available units of the company’s catalogue products held here, on their product pages.',
    security: SIGNED_IN,
    ...adminAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('WarehouseInput') },
    responses: { 201: jsonResponse(WarehouseSchema, 'The new warehouse'), ...write },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/warehouses/{id}',
    tags,
    summary: 'One warehouse of the company',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(WarehouseSchema, 'The warehouse'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  update: createRoute({
    method: 'patch',
    path: '/v1/warehouses/{id}',
    tags,
    summary: 'Change a warehouse’s code, name, address, manager, notes and publishing of its availability (admins and owners; all fields, as on create)',
    security: SIGNED_IN,
    ...adminAccess('id'),
    request: { params: IdParam, body: bodyRef('WarehouseInput') },
    responses: { 200: jsonResponse(WarehouseSchema, 'The warehouse'), ...write },
  }),
  archive: createRoute({
    method: 'post',
    path: '/v1/warehouses/{id}/archive',
    tags,
    summary: 'Archive a warehouse (admins and owners): it keeps its stock and history and takes no movements (409) until restored',
    security: SIGNED_IN,
    ...adminAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(WarehouseSchema, 'The warehouse'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  restore: createRoute({
    method: 'post',
    path: '/v1/warehouses/{id}/restore',
    tags,
    summary: 'Restore an archived warehouse (admins and owners)',
    security: SIGNED_IN,
    ...adminAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(WarehouseSchema, 'The warehouse'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
}

export function registerWarehouseRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: (await listWarehouses(ctx)).map(warehouseWire) }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(warehouseWire(await runInventory(WarehouseInput, body, (input) => createWarehouse(ctx, input, idempotencyOf(c)))), 201)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(warehouseWire(await getWarehouse(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(warehouseWire(await runInventory(WarehouseInput, body, (input) => updateWarehouse(ctx, c.req.valid('param').id, input))), 200)
  })

  api.openapi(routes.archive, async (c) => {
    const ctx = await companyServiceContext(c)
    return c.json(warehouseWire(await archiveWarehouse(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.restore, async (c) => {
    const ctx = await companyServiceContext(c)
    return c.json(warehouseWire(await restoreWarehouse(ctx, c.req.valid('param').id)), 200)
  })
}
