import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  NOTIFICATION_GROUPS,
  NOTIFICATIONS_PAGE_SIZE,
  UpdateNotificationSettingsInput,
  updateNotificationSettings,
} from './index.server'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import { access, bodyRef, errorResponses, jsonResponse, SIGNED_IN } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const NotificationSchema = z
  .object({
    id: z.string(),
    kind: z.string().openapi({ example: 'purchase_order.confirm' }),
    title: z.string().openapi({ description: 'In the caller’s language' }),
    body: z.string(),
    link: z.string().openapi({ description: 'An app path without the locale prefix', example: '/app/orders/…/view' }),
    read: z.boolean(),
    created_at: z.string(),
  })
  .openapi('Notification')

const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  unread: z.enum(['true', 'false']).optional().openapi({ description: 'true: unread ones only' }),
})

const MarkReadInput = z.object({ ids: z.array(z.string().min(1).max(64), 'validation.ids').max(100, 'validation.ids').optional() })
const MARK_READ_BODY = {
  type: 'object',
  properties: {
    ids: {
      type: 'array',
      maxItems: 100,
      items: { type: 'string', maxLength: 64 },
      description: 'The notifications to mark; all of the caller’s unread ones when absent',
    },
  },
  example: { ids: ['4f7c…'] },
}

const SettingsSchema = z
  .object({
    mail: z
      .object(Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, z.boolean()])))
      .openapi({ description: 'Per group (the first part of a notice kind): whether its notices are also mailed. In-app notices are always recorded.' }),
  })
  .openapi('NotificationSettings')

const SETTINGS_BODY = {
  type: 'object',
  required: ['mail'],
  properties: {
    mail: {
      type: 'object',
      description: 'The groups to turn mail on (true) or off (false) for; groups not named keep their setting',
      properties: Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, { type: 'boolean' }])),
      additionalProperties: false,
    },
  },
  example: { mail: { rfq: false, message: true } },
}

const tags = ['Notifications']

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/notifications',
    tags,
    summary: 'The caller’s own notifications, newest first, with the unread count',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { query: ListQuery },
    responses: {
      200: jsonResponse(
        z.object({ items: z.array(NotificationSchema), total: z.number().int(), unread: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
        'A page of notifications',
      ),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  markRead: createRoute({
    method: 'post',
    path: '/v1/notifications/read',
    tags,
    summary: 'Mark some (ids) or all of the caller’s notifications read; ids of other people’s notifications change nothing',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { body: bodyRef('MarkNotificationsRead') },
    responses: { 200: jsonResponse(z.object({ marked: z.number().int() }), 'How many changed'), 401: errorResponses[401], 422: errorResponses[422] },
  }),
  settings: createRoute({
    method: 'get',
    path: '/v1/notification-settings',
    tags,
    summary: 'The caller’s own notification settings: which groups of notices are also mailed',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    responses: { 200: jsonResponse(SettingsSchema, 'The settings'), 401: errorResponses[401] },
  }),
  updateSettings: createRoute({
    method: 'put',
    path: '/v1/notification-settings',
    tags,
    summary: 'Turn mail on or off per group of notices (own settings only); an unknown group is a 422',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { body: bodyRef('UpdateNotificationSettings') },
    responses: { 200: jsonResponse(SettingsSchema, 'The settings after the change'), 401: errorResponses[401], 422: errorResponses[422] },
  }),
}

export function registerNotificationRoutes(api: ApiRouter) {
  registerBodies(api, { MarkNotificationsRead: MARK_READ_BODY, UpdateNotificationSettings: SETTINGS_BODY })

  api.openapi(routes.list, async (c) => {
    const ctx = await serviceContext(c)
    const query = c.req.valid('query')
    const page = await listNotifications(ctx, { limit: query.limit, offset: query.offset, unreadOnly: query.unread === 'true' })
    c.header('Cache-Control', 'no-store')
    return c.json(
      { items: page.items.map((item) => toWire(NotificationSchema, item)), total: page.total, unread: page.unread, limit: query.limit, offset: query.offset },
      200,
    )
  })

  api.openapi(routes.markRead, async (c) => {
    const ctx = await serviceContext(c)
    const input = await withFieldMessages('notifications', async () => MarkReadInput.parse(await readJsonBody(c)))
    return c.json({ marked: await markNotificationsRead(ctx, input.ids) }, 200)
  })

  api.openapi(routes.settings, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(await getNotificationSettings(ctx), 200)
  })

  api.openapi(routes.updateSettings, async (c) => {
    const ctx = await serviceContext(c)
    const input = await withFieldMessages('notifications', async () => UpdateNotificationSettingsInput.parse(await readJsonBody(c)))
    return c.json(await updateNotificationSettings(ctx, input), 200)
  })
}
