import type { ReactNode } from 'react'
import type { ClientSession } from '../../modules/identity/index'
import type { Locale } from '../../platform/i18n/locales'
import { AppLayout } from './app/app-layout'

/**
 * `admin-onboarding`: the stepper shell of first-run setup — the top bar and one focused column; the
 * page renders its <Stepper> and the current step inside it.
 */
export default function AdminOnboardingLayout(props: { locale: Locale; session: ClientSession; children: ReactNode }) {
  return <AppLayout {...props} narrow />
}
