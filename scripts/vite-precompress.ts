import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html)$/
/** Below this a compressed copy saves less than its headers cost (the compress middleware's own threshold). */
const MIN_BYTES = 1024

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every compressible client asset at build time, at the highest
 * levels, so the server sends them as they are instead of compressing each response again (ADR 032).
 */
export function precompressAssets(): Plugin {
  return {
    name: 'tradeport:precompress-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      const files = Object.values(bundle)
        .map((output) => ({ name: output.fileName, source: output.type === 'chunk' ? output.code : output.source }))
        .filter(({ name, source }) => COMPRESSIBLE.test(name) && source.length >= MIN_BYTES)
      await Promise.all(
        files.map(async ({ name }) => {
          const path = join(dir, name)
          const bytes = await readFile(path)
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ])
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
        }),
      )
    },
  }
}
