import { API_AREAS, AREA_TAGS, type ApiArea, type ApiScope, READ_ONLY_AREAS } from './developers.constants'

/** An operation as the API describes it: its OpenAPI tags and who may call it (`x-access.level`). */
export type OperationRule = {
  method: string
  path: string
  tags: readonly string[]
  level: 'public' | 'user' | 'company' | 'platform_admin'
  minRole?: 'member' | 'admin' | 'owner'
}

/** Operations about the signed-in person rather than the company (leaving it), which a key acting for the company cannot take. */
const PERSONAL_OPERATIONS = new Set(['POST /api/v1/members/leave'])

/** What an API key needs to call an operation: nothing (public), one scope, or it cannot (sign-in, keys, billing, admin). */
export type ScopeRequirement = { kind: 'public' } | { kind: 'scope'; scope: ApiScope } | { kind: 'unavailable' }

const AREA_OF_TAG = new Map<string, ApiArea>(API_AREAS.flatMap((area) => AREA_TAGS[area].map((tag) => [tag, area] as const)))

export function areaOfTags(tags: readonly string[]): ApiArea | null {
  for (const tag of tags) {
    const area = AREA_OF_TAG.get(tag)
    if (area) return area
  }
  return null
}

/**
 * The scope an operation asks of a key: reading (GET) or writing (anything else) in its area; a read-only area's
 * operations (remote functions, which are POSTs) need its read scope. Platform administration, owners' decisions,
 * personal operations and those outside every area (authentication, notifications, plans, the assistant, the keys
 * themselves) are closed to keys.
 */
export function scopeRequirement(rule: Pick<OperationRule, 'method' | 'tags' | 'level' | 'minRole'> & { path?: string }): ScopeRequirement {
  if (rule.level === 'public') return { kind: 'public' }
  // Platform administration, an owner's decisions (deleting the company, handing it over) and a person's own affairs
  // (their invitations, the company their session acts for, leaving) need the person, signed in.
  if (rule.level === 'platform_admin' || rule.minRole === 'owner') return { kind: 'unavailable' }
  if (rule.path && PERSONAL_OPERATIONS.has(`${rule.method.toUpperCase()} ${rule.path}`)) return { kind: 'unavailable' }
  const area = areaOfTags(rule.tags)
  if (!area) return { kind: 'unavailable' }
  if (rule.level === 'user' && !READ_ONLY_AREAS.includes(area)) return { kind: 'unavailable' }
  const reads = READ_ONLY_AREAS.includes(area) || ['GET', 'HEAD'].includes(rule.method.toUpperCase())
  return { kind: 'scope', scope: `${area}:${reads ? 'read' : 'write'}` }
}

/** Whether a key's scopes cover `needed`: `area:write` includes `area:read`. */
export function scopesGrant(granted: readonly string[], needed: ApiScope): boolean {
  if (granted.includes(needed)) return true
  const [area, access] = needed.split(':')
  return access === 'read' && granted.includes(`${area}:write`)
}

type CompiledOperation = OperationRule & { pattern: RegExp; parameters: number }

/**
 * Finds the operation a request calls, by method and concrete path (`/api/v1/orders/4f…`), among the documented ones;
 * a literal segment wins over a parameter (`/orders/export` before `/orders/{id}`).
 */
export function operationMatcher(rules: readonly OperationRule[]): (method: string, path: string) => OperationRule | null {
  const byMethod = new Map<string, CompiledOperation[]>()
  for (const rule of rules) {
    const method = rule.method.toUpperCase()
    const source = rule.path
      .split('/')
      .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')
    const compiled = { ...rule, pattern: new RegExp(`^${source}/?$`), parameters: (rule.path.match(/\{\w+\}/g) ?? []).length }
    byMethod.set(method, [...(byMethod.get(method) ?? []), compiled])
  }
  for (const list of byMethod.values()) list.sort((a, b) => a.parameters - b.parameters)
  return (method, path) => {
    const upper = method.toUpperCase()
    const list = byMethod.get(upper === 'HEAD' ? 'GET' : upper) ?? []
    return list.find((operation) => operation.pattern.test(path)) ?? null
  }
}
