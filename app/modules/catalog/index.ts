export * from './catalog.constants'
