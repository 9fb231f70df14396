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

type Convert = (value: unknown) => unknown

// A response is mapped on every request: each schema is turned into its converter once (searches answer thousands of
// requests a second from their cache, where walking the schema per item cost a third of the throughput).
const converters = new WeakMap<z.ZodType, Convert>()

function converterOf(schema: z.ZodType): Convert {
  const known = converters.get(schema)
  if (known) return known
  // Registered before it is built, so a schema that contains itself (through z.lazy) finds its converter.
  let built: Convert = () => undefined
  const convert: Convert = (value) => (value instanceof Date ? value.toISOString() : built(value))
  converters.set(schema, convert)
  built = build(schema)
  return convert
}

function build(schema: z.ZodType): Convert {
  const def = defOf(schema)
  switch (def.type) {
    case 'nullable': {
      const inner = converterOf(def.innerType!)
      return (value) => (value === null || value === undefined ? null : inner(value))
    }
    case 'optional': {
      const inner = converterOf(def.innerType!)
      return (value) => (value === undefined ? undefined : inner(value))
    }
    case 'default':
    case 'readonly':
      return converterOf(def.innerType!)
    case 'pipe':
      return converterOf(def.in!)
    case 'lazy': {
      let inner: Convert | undefined
      return (value) => (inner ??= converterOf(def.getter!()))(value)
    }
    case 'array': {
      const item = converterOf(def.element!)
      return (value) => (Array.isArray(value) ? value.map((entry: unknown) => item(entry)) : value)
    }
    case 'record': {
      // Its keys are data (ids, codes), not field names: they stay as they are; the values follow the value schema.
      const item = converterOf(def.valueType!)
      return (value) => {
        if (!value || typeof value !== 'object') return value
        const out: Record<string, unknown> = {}
        for (const [key, entry] of Object.entries(value)) out[key] = item(entry)
        return out
      }
    }
    case 'object': {
      const fields = Object.entries(def.shape!).map(([key, field]) => ({ key, source: camel(key), leaf: leafOf(field), convert: converterOf(field) }))
      return (value) => {
        if (!value || typeof value !== 'object') return value
        const record = value as Record<string, unknown>
        const out: Record<string, unknown> = {}
        for (const field of fields) {
          const entry = record[field.source]
          // A leaf is mapped here rather than through its converter: most fields are, and a call per field was most of
          // a list's mapping time.
          if (!field.leaf) out[field.key] = field.convert(entry)
          else if (entry === null || entry === undefined) out[field.key] = field.leaf === 'nullable' ? null : entry
          else out[field.key] = entry instanceof Date ? entry.toISOString() : entry
        }
        return out
      }
    }
    default:
      return (value) => value
  }
}

/** Schemas that hold other schemas: their values are mapped by what they hold. */
const CONTAINERS = new Set(['object', 'array', 'record', 'lazy'])

/**
 * How a field whose value holds no other mapped value converts, as its converter would: 'plain' passes the value
 * through (a Date as its ISO timestamp, undefined and null as they are), 'nullable' also turns undefined into null.
 * Undefined for a field that holds objects, lists or records.
 */
function leafOf(schema: z.ZodType): 'plain' | 'nullable' | undefined {
  const def = defOf(schema)
  switch (def.type) {
    case 'nullable':
      return leafOf(def.innerType!) ? 'nullable' : undefined
    case 'optional':
      // undefined stays undefined, and the inner leaf already passes null through.
      return leafOf(def.innerType!) ? 'plain' : undefined
    case 'default':
    case 'readonly':
      return leafOf(def.innerType!)
    case 'pipe':
      return leafOf(def.in!)
    default:
      return CONTAINERS.has(def.type) ? undefined : 'plain'
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
  return converterOf(schema)(value) as z.output<S>
}

/** An audit entry with its author nested the way the API answers it (`actor: { id, name }`); its other fields map by name. */
export function withAuditActor<E extends { actorUserId: string | null; actorName: string | null }>(
  entry: E,
): E & { actor: { id: string | null; name: string | null } } {
  return { ...entry, actor: { id: entry.actorUserId, name: entry.actorName } }
}
