import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The UI side of the walls (issue 17): pages, components and the server reach a module only through its index files,
// which the lint config's import zones enforce. This runs that one rule on planted imports, so a change to the config
// that stops reporting them fails here.
const root = path.resolve(import.meta.dirname, '../..')

async function wallReports(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
    // The one rule needs no type information: skip building the TypeScript program.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  })
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) })
  return (result?.messages ?? []).map((message) => `${message.line}: ${message.ruleId}`)
}

describe('module walls in the lint config', { timeout: 60_000 }, () => {
  it('reports a page or the server importing a module’s internals, and lets its index through (planted)', async () => {
    const page = [
      "import { getPurchaseOrder } from '../../../modules/orders/index.server'",
      "import { purchaseOrderActions } from '../../../modules/orders/purchase-order.policy'",
      "import { getRfq } from '../../../modules/sourcing/rfq.read.service.server'",
      'export const used = [getPurchaseOrder, purchaseOrderActions, getRfq]',
    ].join('\n')
    expect(await wallReports('app/routes/app/orders/planted.tsx', page)).toEqual(['2: import-x/no-restricted-paths', '3: import-x/no-restricted-paths'])
    const server = "import { recordAudit } from '../app/modules/kernel/audit.service.server'\nexport const used = recordAudit"
    expect(await wallReports('server/planted.ts', server)).toEqual(['1: import-x/no-restricted-paths'])
  })

  it('reports a module importing another module’s internals (planted)', async () => {
    const text =
      "import { nextNumber } from '../kernel/numbering.server'\nimport { recordAudit } from '../kernel/index.server'\nexport const used = [nextNumber, recordAudit]"
    expect(await wallReports('app/modules/orders/planted.server.ts', text)).toEqual(['1: import-x/no-restricted-paths'])
  })
})
