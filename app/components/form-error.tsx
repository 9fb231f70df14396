import { useTranslation } from '../platform/i18n/react'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../modules/identity/index'
import { PlanLimitNotice } from '../modules/billing/index'
import { Alert } from './ui/alert'

export type FormErrorData = { code: string; message: string; reasons?: string[]; limit?: { key: string; limit: number; usage: number } } | undefined

/** The form-level error of an action, with the reasons of a refused password spelled out. */
export function FormError({ error }: { error: FormErrorData }) {
  const { t } = useTranslation('identity')
  if (!error) return null
  if (error.limit) return <PlanLimitNotice status={error.limit} refused />
  return (
    <Alert tone="error" title={error.message}>
      {error.reasons?.length ? (
        <ul className="list-disc ps-5">
          {error.reasons.map((reason) => (
            <li key={reason}>{t(`password.reasons.${reason}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  )
}

/** Field errors arrive as catalog keys of the given namespace. */
export function useFieldErrors(fieldErrors: Record<string, string[]> | undefined, namespace = 'identity') {
  const { t } = useTranslation(namespace)
  return (field: string) => fieldErrors?.[field]?.map((key) => t(key))
}
