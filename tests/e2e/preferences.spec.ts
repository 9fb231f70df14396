import { expect, type Page, test } from '@playwright/test'
import { expectHydrated, openPage, signUp } from './support/helpers'

// The preview card formats a fixed moment (2026-03-01 15:04:05 UTC) and amount (1,234,567.89) with the
// choices on the page. The browser's own zone is pinned to UTC so "this device's zone" is predictable.
const PREFERENCES_URL = '/en/app/user/preference'

const preview = (page: Page) => ({
  date: page.getByTestId('preview-date'),
  time: page.getByTestId('preview-time'),
  amount: page.getByTestId('preview-amount'),
})

/** Picks an option of one of the Radix selects (Language, Date format, Time format, Clock). */
/** A control's name that starts with the label ("Language", not "Interface language"). */
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

async function chooseInSelect(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: startsWith(label) }).click()
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: startsWith(label) })).toHaveText(option)
}

/** Picks an option of one of the searchable comboboxes (Currency, Time zone) after typing a query. */
async function chooseInCombobox(page: Page, label: string, searchLabel: string, query: string, option: string) {
  await page.getByRole('combobox', { name: startsWith(label) }).click()
  await page.getByRole('combobox', { name: searchLabel }).fill(query)
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('combobox', { name: searchLabel })).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: startsWith(label) })).toHaveText(option)
}

async function openPreferences(page: Page) {
  await openPage(page, PREFERENCES_URL)
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible()
  await expectHydrated(page)
}

async function savePreferences(page: Page) {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/profiles') && response.request().method() === 'PUT')
  await page.getByRole('button', { name: 'Save preferences' }).click()
  expect((await saved).status(), 'PUT /api/user/profiles').toBe(200)
  await expect(page.getByText('Your preferences were saved.')).toBeVisible()
}

const VIEWPORTS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } },
] as const

for (const { name: device, use } of VIEWPORTS) {
  test.describe(`preferences on a ${device}`, () => {
    test.use({ ...use, timezoneId: 'UTC' })

    test('the preview follows each preference as it is changed', async ({ page }) => {
      await signUp(page)
      await openPreferences(page)
      const { date, time, amount } = preview(page)
      // The defaults: medium date, medium time, 24-hour clock 1–24, US dollars, the device's zone (UTC).
      await expect(date).toHaveText('Mar 1, 2026')
      await expect(time).toHaveText('15:04:05')
      await expect(amount).toHaveText('$1,234,567.89')

      await test.step('date format: Short, then Full', async () => {
        await chooseInSelect(page, 'Date format', 'Short')
        await expect(date).toHaveText('3/1/26')
        await chooseInSelect(page, 'Date format', 'Full')
        await expect(date).toHaveText('Sunday, March 1, 2026')
        await expect(time, 'the date format leaves the time alone').toHaveText('15:04:05')
      })

      await test.step('time format: Short, then Full', async () => {
        await chooseInSelect(page, 'Time format', 'Short')
        await expect(time).toHaveText('15:04')
        await chooseInSelect(page, 'Time format', 'Full')
        await expect(time).toHaveText(/^15:04:05\s(UTC|Coordinated Universal Time)$/)
        await chooseInSelect(page, 'Time format', 'Medium')
        await expect(time).toHaveText('15:04:05')
      })

      await test.step('clock: 12-hour shows AM/PM, 24-hour does not', async () => {
        await chooseInSelect(page, 'Clock', '12-hour, 1–12')
        await expect(time).toHaveText(/^3:04:05\sPM$/)
        await chooseInSelect(page, 'Clock', '24-hour, 0–23')
        await expect(time).toHaveText('15:04:05')
        await expect(time).not.toHaveText(/AM|PM/)
      })

      await test.step('time zone: Asia/Tokyo is nine hours ahead, past midnight', async () => {
        await chooseInCombobox(page, 'Time zone', 'Search time zones', 'Tokyo', 'Asia/Tokyo')
        await expect(time).toHaveText('00:04:05')
        await expect(date).toHaveText('Monday, March 2, 2026')
      })

      await test.step('currency: euros, then yen (no minor unit)', async () => {
        await chooseInCombobox(page, 'Currency', 'Search currencies', 'EUR', 'EUR — Euro')
        await expect(amount).toHaveText('€1,234,567.89')
        await chooseInCombobox(page, 'Currency', 'Search currencies', 'JPY', 'JPY — Japanese Yen')
        await expect(amount).toHaveText('¥1,234,568')
      })
    })

    test('saved preferences survive a reload and come back from the API', async ({ page }) => {
      await signUp(page)
      await openPreferences(page)
      await chooseInSelect(page, 'Date format', 'Full')
      await chooseInSelect(page, 'Time format', 'Short')
      await chooseInSelect(page, 'Clock', '12-hour, 1–12')
      await chooseInCombobox(page, 'Time zone', 'Search time zones', 'Tokyo', 'Asia/Tokyo')
      await chooseInCombobox(page, 'Currency', 'Search currencies', 'EUR', 'EUR — Euro')
      const { date, time, amount } = preview(page)
      const expected = { date: 'Monday, March 2, 2026', time: /^12:04\sAM$/, amount: '€1,234,567.89' }
      await expect(date).toHaveText(expected.date)
      await expect(time).toHaveText(expected.time)
      await expect(amount).toHaveText(expected.amount)
      await savePreferences(page)

      await page.reload()
      await expectHydrated(page)
      await expect(page.getByRole('combobox', { name: startsWith('Language') })).toHaveText('English')
      await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('EUR — Euro')
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveText('Asia/Tokyo')
      await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveText('Full')
      await expect(page.getByRole('combobox', { name: 'Time format' })).toHaveText('Short')
      await expect(page.getByRole('combobox', { name: 'Clock' })).toHaveText('12-hour, 1–12')
      await expect(date).toHaveText(expected.date)
      await expect(time).toHaveText(expected.time)
      await expect(amount).toHaveText(expected.amount)

      const response = await page.request.get('/api/user/profiles')
      expect(response.status()).toBe(200)
      expect(await response.json()).toEqual({
        language: 'en',
        currency: 'EUR',
        timezone: 'Asia/Tokyo',
        date_format: 'full',
        time_format: 'short',
        hour_cycle: 'h12',
        interface_locale: null,
      })
    })

    test('choosing another language and saving switches the page to that locale', async ({ page }) => {
      await signUp(page)
      await openPreferences(page)
      await chooseInSelect(page, 'Language', '简体中文')
      await savePreferences(page)

      await expect(page).toHaveURL(/\/zh-Hans\/app\/user\/preference$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('偏好设置')
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')
      await expect(page.getByRole('button', { name: '保存偏好设置' })).toBeVisible()
      await expect(page.getByRole('combobox', { name: startsWith('语言') })).toHaveText('简体中文')
      // Dates in the preview now follow Chinese conventions.
      await expect(preview(page).date).toHaveText('2026年3月1日')

      const response = await page.request.get('/api/user/profiles')
      expect(((await response.json()) as { language: string }).language).toBe('zh-Hans')
    })
  })
}
