export * from './sourcing.tables.server'
