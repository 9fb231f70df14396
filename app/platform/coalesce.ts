/**
 * Many callers, one call: `run` takes the items asked for while its previous call was in flight, together, and answers
 * one result per item in their order. With nothing in flight an item goes at once, so a lone caller waits for nobody;
 * under load, each round trip serves everyone who queued behind the last (e.g. one UPDATE for many requests' rows).
 * A failed call fails each of its callers; the next call goes on with whatever queued meanwhile.
 */
export function coalesce<Item, Result>(run: (items: Item[]) => Promise<Result[]>, maxItems = 100): (item: Item) => Promise<Result> {
  const queued: Array<{ item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }> = []
  let running = false

  const drain = async () => {
    running = true
    while (queued.length > 0) {
      const batch = queued.splice(0, maxItems)
      try {
        const results = await run(batch.map((entry) => entry.item))
        batch.forEach((entry, index) => entry.resolve(results[index]!))
      } catch (error) {
        for (const entry of batch) entry.reject(error)
      }
    }
    running = false
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queued.push({ item, resolve, reject })
      if (!running) void drain()
    })
}
