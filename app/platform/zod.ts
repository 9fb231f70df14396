import * as z from 'zod'

// zod compiles validators with `new Function` unless told not to; our CSP forbids eval, so it must not try.
z.config({ jitless: true })

export { z }
