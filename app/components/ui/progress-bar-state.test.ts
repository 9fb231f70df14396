import { describe, expect, it } from 'vitest'
import {
  IDLE_PROGRESS,
  nextTickAt,
  PROGRESS_CREEP_LIMIT,
  PROGRESS_DURATION_MS,
  PROGRESS_HIDE_DELAY_MS,
  PROGRESS_RESET_DELAY_MS,
  PROGRESS_THROTTLE_MS,
  PROGRESS_TICK_MS,
  type ProgressEvent,
  type ProgressState,
  progressView,
  reduceProgress,
} from './progress-bar-state'

const run = (events: ProgressEvent[], from: ProgressState = IDLE_PROGRESS) => events.reduce(reduceProgress, from)
const start = (now: number): ProgressEvent => ({ type: 'start', now })
const stop = (now: number): ProgressEvent => ({ type: 'stop', now })
const tick = (now: number): ProgressEvent => ({ type: 'tick', now })

describe('navigation progress bar', () => {
  it('never shows for a load shorter than the throttle', () => {
    const started = run([start(0)])
    const almost = reduceProgress(started, tick(PROGRESS_THROTTLE_MS - 1))
    expect(progressView(started).visible).toBe(false)
    expect(progressView(almost).visible).toBe(false)
    expect(reduceProgress(almost, stop(PROGRESS_THROTTLE_MS - 1))).toEqual(IDLE_PROGRESS)
  })

  it('appears at 0 once the throttle has passed', () => {
    const state = run([start(1000), tick(1000 + PROGRESS_THROTTLE_MS)])
    expect(progressView(state)).toEqual({ visible: true, value: 0 })
  })

  it('creeps toward the limit over the duration and stays below it while loading', () => {
    const shownAt = PROGRESS_THROTTLE_MS
    const halfway = progressView(run([start(0), tick(shownAt + PROGRESS_DURATION_MS / 2)])).value
    const atDuration = progressView(run([start(0), tick(shownAt + PROGRESS_DURATION_MS)])).value
    const muchLater = progressView(run([start(0), tick(shownAt + 10 * PROGRESS_DURATION_MS)])).value
    expect(halfway).toBeGreaterThan(PROGRESS_CREEP_LIMIT / 2)
    expect(halfway).toBeLessThan(PROGRESS_CREEP_LIMIT)
    expect(atDuration).toBe(PROGRESS_CREEP_LIMIT)
    expect(muchLater).toBe(PROGRESS_CREEP_LIMIT)
  })

  it('completes to 100 when loading ends, hides after the hide delay, then resets after the reset delay', () => {
    const end = 1500
    const finished = run([start(0), tick(PROGRESS_THROTTLE_MS), stop(end)])
    expect(progressView(finished)).toEqual({ visible: true, value: 100 })

    const beforeHide = reduceProgress(finished, tick(end + PROGRESS_HIDE_DELAY_MS - 1))
    expect(progressView(beforeHide)).toEqual({ visible: true, value: 100 })

    const hidden = reduceProgress(finished, tick(end + PROGRESS_HIDE_DELAY_MS))
    expect(progressView(hidden)).toEqual({ visible: false, value: 100 })

    const reset = reduceProgress(hidden, tick(end + PROGRESS_HIDE_DELAY_MS + PROGRESS_RESET_DELAY_MS))
    expect(reset).toEqual(IDLE_PROGRESS)
  })

  it('catches up with deadlines a late timer missed', () => {
    const stopped = run([start(0), stop(PROGRESS_THROTTLE_MS + 50)])
    expect(progressView(stopped)).toEqual({ visible: true, value: 100 })
    expect(reduceProgress(stopped, tick(60_000))).toEqual(IDLE_PROGRESS)
  })

  it('ignores a second start while already loading', () => {
    const loading = run([start(0), tick(PROGRESS_THROTTLE_MS + 300)])
    expect(reduceProgress(loading, start(PROGRESS_THROTTLE_MS + 300))).toBe(loading)
  })

  it('starts over, still visible, when a new load begins while finishing', () => {
    const finishing = run([start(0), tick(PROGRESS_THROTTLE_MS), stop(1000)])
    const restarted = reduceProgress(finishing, start(1200))
    expect(progressView(restarted)).toEqual({ visible: true, value: 0 })
  })

  it('throttles again when a new load begins after the bar was hidden', () => {
    const hidden = run([start(0), tick(PROGRESS_THROTTLE_MS), stop(1000), tick(1000 + PROGRESS_HIDE_DELAY_MS)])
    const restarted = reduceProgress(hidden, start(1600))
    expect(restarted).toEqual({ phase: 'throttled', since: 1600 })
    expect(progressView(restarted).visible).toBe(false)
  })

  describe('nextTickAt', () => {
    it('waits for nothing when idle', () => {
      expect(nextTickAt(IDLE_PROGRESS)).toBeNull()
    })

    it('wakes at the end of the throttle, of the hide delay and of the reset delay', () => {
      expect(nextTickAt(run([start(0)]))).toBe(PROGRESS_THROTTLE_MS)
      const finishing = run([start(0), tick(PROGRESS_THROTTLE_MS), stop(1000)])
      expect(nextTickAt(finishing)).toBe(1000 + PROGRESS_HIDE_DELAY_MS)
      expect(nextTickAt(reduceProgress(finishing, tick(1000 + PROGRESS_HIDE_DELAY_MS)))).toBe(1000 + PROGRESS_HIDE_DELAY_MS + PROGRESS_RESET_DELAY_MS)
    })

    it('keeps redrawing while the bar creeps, landing exactly on the duration, then stops', () => {
      const shownAt = PROGRESS_THROTTLE_MS
      expect(nextTickAt(run([start(0), tick(shownAt)]))).toBe(shownAt + PROGRESS_TICK_MS)
      expect(nextTickAt(run([start(0), tick(shownAt + PROGRESS_DURATION_MS - 30)]))).toBe(shownAt + PROGRESS_DURATION_MS)
      expect(nextTickAt(run([start(0), tick(shownAt + PROGRESS_DURATION_MS)]))).toBeNull()
    })
  })
})
