export {
  bucketsOf,
  dashboardRangeFrom,
  DEFAULT_PRESET,
  MAX_RANGE_DAYS,
  RANGE_PRESETS,
  RANGE_PROBLEMS,
  rangeQuery,
  type Bucket,
  type DashboardRange,
  type RangePreset,
  type RangeProblem,
} from './dashboard-range'
export { COUNT_TASKS, isStep, QUEUE_TASKS, STEP_TASKS, type Task, type TaskId, type TaskItem } from './dashboard-tasks'
