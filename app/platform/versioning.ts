import { AppError } from './errors'

/**
 * The optimistic lock's refusal: the record moved on since the caller loaded it (409 `stale_version`, with the current
 * version when it is known). `record` names it in the message ("order", "RFQ" …).
 */
export function staleVersion(record: string, currentVersion?: number): AppError {
  return new AppError('stale_version', `The ${record} changed since you loaded it`, currentVersion === undefined ? undefined : { currentVersion })
}

/** The version the caller loaded must be the record's current one. */
export function requireVersion(record: string, current: number, loaded: number | undefined): void {
  if (current !== loaded) throw staleVersion(record, current)
}
