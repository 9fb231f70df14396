export * from './catalog.tables.server'
