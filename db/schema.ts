// Every table of the application, for drizzle-kit and the typed database handle.
export * from '../app/modules/identity/identity.tables.server'
export * from '../app/platform/mail/mail.tables.server'
export * from '../app/modules/identity/preferences.tables.server'
export * from '../app/modules/companies/companies.tables.server'
export * from '../app/modules/catalog/catalog.tables.server'
export * from '../app/platform/idempotency/idempotency.tables.server'
export * from '../app/modules/orders/orders.tables.server'
