/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served. A task that fails frees its
 * slot like one that succeeds.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: Array<() => void> = []
  return async (task) => {
    if (running < limit) running++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      // The slot passes straight to the next in line, so `running` stays as it is.
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
