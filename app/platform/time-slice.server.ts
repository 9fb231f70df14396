import { setImmediate as nextTurn } from 'node:timers/promises'

const DEFAULT_SLICE_MS = 10

/**
 * For long synchronous work in the server's one thread (parsing or checking a 120,000-row file): call the answered
 * function between units of work and await what it answers. Once `sliceMs` of work has run it waits one turn of the
 * event loop, so requests, and the queries of the embedded database that runs in this thread, are served in between;
 * otherwise it answers undefined and costs nothing.
 */
export function timeSlicer(sliceMs = DEFAULT_SLICE_MS): () => Promise<void> | undefined {
  let sliceStarted = performance.now()
  return () => {
    if (performance.now() - sliceStarted < sliceMs) return undefined
    return nextTurn().then(() => {
      sliceStarted = performance.now()
    })
  }
}
