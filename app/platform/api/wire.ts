import type * as z from 'zod'

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S

/**
 * What `toWire` accepts for a response of type `T`: the same shape under camelCase names, a Date wherever the wire has
 * a string (it goes out as an ISO timestamp), null where the wire allows null.
 */
export type WireSource<T> = T extends string
  ? T | Date
  : T extends ReadonlyArray<infer Item>
    ? ReadonlyArray<WireSource<Item>>
    : T extends object
      ? { [K in keyof T as K extends string ? Camel<K> : K]: WireSource<T[K]> }
      : T

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  getter?: () => z.ZodType
  valueType?: z.ZodType
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

function convert(schema: z.ZodType, value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  const def = defOf(schema)
  switch (def.type) {
    case 'nullable':
      return value === null || value === undefined ? null : convert(def.innerType!, value)
    case 'optional':
      return value === undefined ? undefined : convert(def.innerType!, value)
    case 'default':
    case 'readonly':
      return convert(def.innerType!, value)
    case 'pipe':
      return convert(def.in!, value)
    case 'lazy':
      return convert(def.getter!(), value)
    case 'array':
      return Array.isArray(value) ? value.map((item: unknown) => convert(def.element!, item)) : value
    case 'record':
      // Its keys are data (ids, codes), not field names: they stay as they are; the values follow the value schema.
      if (!value || typeof value !== 'object') return value
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, convert(def.valueType!, item)]))
    case 'object':
      if (!value || typeof value !== 'object') return value
      return Object.fromEntries(Object.entries(def.shape!).map(([key, field]) => [key, convert(field, (value as Record<string, unknown>)[camel(key)])]))
    default:
      return value
  }
}

/**
 * The JSON body of a response, driven by its schema (ADR 035): each snake_case name of `schema` is read from the
 * camelCase field of `value`, Dates become ISO timestamps, nested objects, lists and a record's values follow their
 * own schemas (a recursive `z.lazy` one as deep as the value goes), and what the schema does not name stays out.
 * Decimal strings and numbers pass unchanged. One mapper instead of a hand-written serializer per record, so a field
 * added to a response schema cannot be forgotten in its serializer.
 */
export function toWire<S extends z.ZodType>(schema: S, value: WireSource<z.output<S>>): z.output<S> {
  // The mapping follows the schema it is given; WireSource<…> checks the input against it at compile time.
  return convert(schema, value) as z.output<S>
}

/** An audit entry with its author nested the way the API answers it (`actor: { id, name }`); its other fields map by name. */
export function withAuditActor<E extends { actorUserId: string | null; actorName: string | null }>(
  entry: E,
): E & { actor: { id: string | null; name: string | null } } {
  return { ...entry, actor: { id: entry.actorUserId, name: entry.actorName } }
}
