import * as z from 'zod'

// zod compiles validators with `new Function` unless told not to; our CSP forbids eval, so it must not try (the probe
// alone is reported as a violation). This call is a side effect: package.json lists this module under "sideEffects", or
// the bundler hands importers zod's namespace without running it (it did: the market page reported the probe).
z.config({ jitless: true })

export { z }
