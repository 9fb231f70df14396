/** §9 loading indicator timings. */
export const PROGRESS_THROTTLE_MS = 200
export const PROGRESS_DURATION_MS = 2000
export const PROGRESS_HIDE_DELAY_MS = 500
export const PROGRESS_RESET_DELAY_MS = 400
export const PROGRESS_HEIGHT_PX = 3

/** While loading, the bar creeps toward this percentage; only the end of the load takes it to 100. */
export const PROGRESS_CREEP_LIMIT = 90
/** How often the creeping bar is redrawn; a CSS transition smooths the steps in between. */
export const PROGRESS_TICK_MS = 100

/**
 * - idle: nothing loading, bar hidden at 0.
 * - throttled: loading for less than the throttle; still hidden, so short loads never flash a bar.
 * - loading: shown since `since`, creeping; `now` is the latest clock reading.
 * - finishing: loading ended at `since`; the bar sits at 100 until the hide delay passes.
 * - resetting: hidden at `since`; it drops back to 0 once its fade-out is over (the reset delay).
 */
export type ProgressState =
  | { phase: 'idle' }
  | { phase: 'throttled'; since: number }
  | { phase: 'loading'; since: number; now: number }
  | { phase: 'finishing'; since: number }
  | { phase: 'resetting'; since: number }

/** `start`/`stop` when loading begins or ends; `tick` when a timer fires. `now` comes from the caller's clock. */
export type ProgressEvent = { type: 'start' | 'stop' | 'tick'; now: number }

export const IDLE_PROGRESS: ProgressState = { phase: 'idle' }

/** Moves through the phases whose deadline has passed by `now`. */
function settle(state: ProgressState, now: number): ProgressState {
  switch (state.phase) {
    case 'throttled': {
      const shownAt = state.since + PROGRESS_THROTTLE_MS
      return now >= shownAt ? { phase: 'loading', since: shownAt, now } : state
    }
    case 'loading':
      return now === state.now ? state : { ...state, now }
    case 'finishing': {
      const hiddenAt = state.since + PROGRESS_HIDE_DELAY_MS
      return now >= hiddenAt ? settle({ phase: 'resetting', since: hiddenAt }, now) : state
    }
    case 'resetting':
      return now >= state.since + PROGRESS_RESET_DELAY_MS ? IDLE_PROGRESS : state
    case 'idle':
      return state
  }
}

export function reduceProgress(state: ProgressState, event: ProgressEvent): ProgressState {
  const current = settle(state, event.now)
  switch (event.type) {
    case 'tick':
      return current
    case 'start':
      if (current.phase === 'finishing') return { phase: 'loading', since: event.now, now: event.now }
      return current.phase === 'idle' || current.phase === 'resetting' ? { phase: 'throttled', since: event.now } : current
    case 'stop':
      if (current.phase === 'throttled') return IDLE_PROGRESS
      return current.phase === 'loading' ? { phase: 'finishing', since: event.now } : current
  }
}

/** Fast at first, slowing down as it nears the limit, which it reaches after the duration. */
function creep(elapsed: number): number {
  const t = Math.min(1, elapsed / PROGRESS_DURATION_MS)
  return PROGRESS_CREEP_LIMIT * (1 - (1 - t) ** 3)
}

export function progressView(state: ProgressState): { visible: boolean; value: number } {
  switch (state.phase) {
    case 'idle':
    case 'throttled':
      return { visible: false, value: 0 }
    case 'loading':
      return { visible: true, value: creep(state.now - state.since) }
    case 'finishing':
      return { visible: true, value: 100 }
    case 'resetting':
      return { visible: false, value: 100 }
  }
}

/** When the state next changes without a start or stop, or null when it only waits for one. */
export function nextTickAt(state: ProgressState): number | null {
  switch (state.phase) {
    case 'idle':
      return null
    case 'throttled':
      return state.since + PROGRESS_THROTTLE_MS
    case 'loading':
      return state.now - state.since < PROGRESS_DURATION_MS ? Math.min(state.now + PROGRESS_TICK_MS, state.since + PROGRESS_DURATION_MS) : null
    case 'finishing':
      return state.since + PROGRESS_HIDE_DELAY_MS
    case 'resetting':
      return state.since + PROGRESS_RESET_DELAY_MS
  }
}
