import { databaseUnavailable } from './database-errors.server'

export type AdmissionLimits = {
  /** Requests served at once; the rest wait in line. */
  maxActive: number
  /** Requests allowed to wait; one more is turned away at once. */
  maxQueued: number
  /** The longest a request waits for its turn before it is turned away. */
  maxWaitMs: number
}

export type AdmissionStats = { active: number; queued: number; admitted: number; shed: number }

type Waiter = { admit: () => void; timer: NodeJS.Timeout; cleanup: () => void }

/**
 * A bounded line in front of the database: at most `maxActive` requests run, at most `maxQueued` wait, none waits
 * longer than `maxWaitMs`. A request turned away gets 503 `unavailable` (busy) before it has done anything, so a
 * client that gives up never leaves a write behind to run later.
 */
export class Admission {
  private active = 0
  private readonly waiting: Waiter[] = []
  private admitted = 0
  private shed = 0

  constructor(readonly limits: AdmissionLimits) {}

  /** Runs `work` when its turn comes; throws 503 `unavailable` when the line is full, the wait too long, or `signal` aborts. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(signal)
    try {
      return await work()
    } finally {
      this.leave()
    }
  }

  stats(): AdmissionStats {
    return { active: this.active, queued: this.waiting.length, admitted: this.admitted, shed: this.shed }
  }

  private enter(signal: AbortSignal | undefined): Promise<void> {
    if (this.active < this.limits.maxActive && this.waiting.length === 0) {
      this.active++
      this.admitted++
      return Promise.resolve()
    }
    if (this.waiting.length >= this.limits.maxQueued || signal?.aborted) return this.turnAway()
    return new Promise<void>((resolve, reject) => {
      const refuse = () => {
        this.remove(waiter)
        this.turnAway().catch(reject)
      }
      const onAbort = () => refuse()
      const waiter: Waiter = {
        admit: () => {
          waiter.cleanup()
          this.admitted++
          resolve()
        },
        timer: setTimeout(refuse, this.limits.maxWaitMs),
        cleanup: () => {
          clearTimeout(waiter.timer)
          signal?.removeEventListener('abort', onAbort)
        },
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(waiter)
    })
  }

  private leave(): void {
    const next = this.waiting.shift()
    // The slot passes straight to the next in line, so `active` stays as it is.
    if (next) next.admit()
    else this.active--
  }

  private remove(waiter: Waiter): void {
    waiter.cleanup()
    const index = this.waiting.indexOf(waiter)
    if (index >= 0) this.waiting.splice(index, 1)
  }

  private turnAway(): Promise<never> {
    this.shed++
    return Promise.reject(databaseUnavailable('busy'))
  }
}
