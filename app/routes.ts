import { index, prefix, type RouteConfig, route } from '@react-router/dev/routes'

// Every page lives under a locale prefix (/en, /zh-Hans, /zh-Hant); the server redirects bare paths.
export default [
  route(':lang', 'routes/locale-layout.tsx', [
    index('routes/home.tsx'),
    route('login', 'routes/auth/login.tsx'),
    route('confirm', 'routes/auth/confirm.tsx'),
    route('auth/update-password', 'routes/auth/update-password.tsx'),
    route('auth/sign-out', 'routes/auth/sign-out.tsx'),
    route('locale', 'routes/locale.tsx'),
    route('color-mode', 'routes/color-mode.tsx'),
    route('onboarding', 'routes/onboarding.tsx'),
    route('supplier/onboard', 'routes/supplier/onboard.tsx'),
    ...prefix('app', [
      index('routes/app/index.tsx'),
      route('dashboard', 'routes/app/dashboard.tsx'),
      route('user/preference', 'routes/app/user/preference.tsx'),
      route('user/change-password', 'routes/app/user/change-password.tsx'),
      route('user/reset-password', 'routes/app/user/reset-password.tsx'),
      route('user/two-factor', 'routes/app/user/two-factor.tsx'),
      route('user/verify', 'routes/app/user/verify.tsx'),
      route('playground/mail', 'routes/app/playground/mail.tsx'),
      route('switch-company', 'routes/app/switch-company.tsx'),
      route('settings', 'routes/app/settings/index.tsx'),
      route('settings/address', 'routes/app/settings/address.tsx'),
      route('settings/team', 'routes/app/settings/team.tsx'),
      route('team', 'routes/app/team/index.tsx'),
      route('team/join', 'routes/app/team/join.tsx'),
      route('users', 'routes/app/users/index.tsx'),
      route('verification', 'routes/app/verification/index.tsx'),
      route('verification/:id', 'routes/app/verification/detail.tsx'),
      route('supplier/onboarding', 'routes/app/supplier/onboarding.tsx'),
      route('supplier/supplier-type', 'routes/app/supplier/supplier-type.tsx'),
      route('supplier/setting', 'routes/app/supplier/setting.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
