import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { toWire } from './wire'

const Line = z.object({ id: z.string(), unit_price: z.string(), required_by: z.string().nullable() })
const Order = z
  .object({
    id: z.string(),
    placed_at: z.string().nullable(),
    created_at: z.string(),
    line_count: z.number().int(),
    sealed: z.boolean(),
    lines: z.array(Line),
    buyer: z.object({ id: z.string(), legal_name: z.string() }),
    note: z.string().optional(),
    weight_m3: z.string(),
    meta: z.record(z.string(), z.unknown()),
  })
  .openapi('WireOrder')

describe('toWire', () => {
  const created = new Date('2026-11-28T10:00:00.000Z')
  const order = {
    id: 'o1',
    placedAt: null,
    createdAt: created,
    lineCount: 1,
    sealed: false,
    lines: [{ id: 'l1', unitPrice: '18.0000', requiredBy: '2027-01-15', secret: 'x' }],
    buyer: { id: 'b1', legalName: 'Buyer Co' },
    weightM3: '0.8',
    meta: { camelKey: 1 },
    internalFlag: true,
  }

  it('names fields in snake_case, turns Dates into ISO strings and keeps decimals as strings', () => {
    expect(toWire(Order, order)).toEqual({
      id: 'o1',
      placed_at: null,
      created_at: '2026-11-28T10:00:00.000Z',
      line_count: 1,
      sealed: false,
      lines: [{ id: 'l1', unit_price: '18.0000', required_by: '2027-01-15' }],
      buyer: { id: 'b1', legal_name: 'Buyer Co' },
      weight_m3: '0.8',
      meta: { camelKey: 1 },
    })
  })

  it('writes keys in the order of the schema and leaves out what the schema does not name', () => {
    const wire = toWire(Order, order)
    expect(Object.keys(wire)).toEqual(['id', 'placed_at', 'created_at', 'line_count', 'sealed', 'lines', 'buyer', 'note', 'weight_m3', 'meta'])
    expect(JSON.stringify(wire)).not.toContain('internal')
    expect(JSON.stringify(wire)).not.toContain('secret')
  })

  it('sends null for a nullable field the record lacks, and leaves an optional one out', () => {
    const wire = toWire(Order, { ...order, placedAt: undefined as unknown as null, note: undefined })
    expect(wire.placed_at).toBeNull()
    expect(JSON.parse(JSON.stringify(wire))).not.toHaveProperty('note')
  })

  it('maps wrapped fields as their wrappers say: optional keeps undefined, nullable turns it into null, Dates in either', () => {
    const Wrapped = z.object({
      maybe_null: z.string().nullable().optional(),
      null_or_absent: z.string().optional().nullable(),
      defaulted: z.string().nullable().default(null),
      piped: z.string().transform((value) => value.length),
      due_at: z.string().nullable(),
      tags: z.array(z.string()).nullable(),
    })
    const due = new Date('2027-01-15T00:00:00.000Z')
    expect(
      toWire(Wrapped, { maybeNull: undefined, nullOrAbsent: undefined, defaulted: undefined, piped: 'abc', dueAt: due, tags: undefined } as never),
    ).toEqual({
      maybe_null: undefined,
      null_or_absent: null,
      defaulted: null,
      piped: 'abc',
      due_at: '2027-01-15T00:00:00.000Z',
      tags: null,
    })
    expect(toWire(Wrapped, { maybeNull: due, nullOrAbsent: null, defaulted: 'x', piped: 'abc', dueAt: null, tags: ['a'] } as never)).toEqual({
      maybe_null: '2027-01-15T00:00:00.000Z',
      null_or_absent: null,
      defaulted: 'x',
      piped: 'abc',
      due_at: null,
      tags: ['a'],
    })
  })
})

describe('toWire with a recursive schema', () => {
  type Node = { id: string; parent_id: string | null; children: Node[] }
  const Tree: z.ZodType<Node> = z.object({ id: z.string(), parent_id: z.string().nullable(), children: z.array(z.lazy(() => Tree)) })

  it('follows a lazy schema down the whole tree', () => {
    const leaf = { id: 'c', parentId: 'b', depth: 2, children: [] }
    const tree = { id: 'a', parentId: null, depth: 0, children: [{ id: 'b', parentId: 'a', depth: 1, children: [leaf] }] }
    expect(toWire(Tree, tree)).toEqual({
      id: 'a',
      parent_id: null,
      children: [{ id: 'b', parent_id: 'a', children: [{ id: 'c', parent_id: 'b', children: [] }] }],
    })
  })
})

describe('toWire with a record', () => {
  const Cell = z.object({ quotation_id: z.string(), unit_price: z.string() })
  const Line = z.object({ cells: z.record(z.string(), Cell), meta: z.record(z.string(), z.unknown()) })

  it('keeps the keys of a record and maps its values by their schema', () => {
    const line = { cells: { q_1: { quotationId: 'q_1', unitPrice: '9.5000', secret: 'x' } }, meta: { camelKey: { deepKey: 1 } } }
    expect(toWire(Line, line)).toEqual({ cells: { q_1: { quotation_id: 'q_1', unit_price: '9.5000' } }, meta: { camelKey: { deepKey: 1 } } })
  })
})
