// The built-in assistant's understanding (issue 23): a sourcing request in English or Chinese (Simplified or
// Traditional) read into what a buyer asks for — product words, quantity and unit, target price and currency,
// destination, Incoterm, deadline, a document number — and the first tool calls that answer it. Pure and deterministic:
// tables of words and a few anchored patterns, applied to at most the first MAX_READ characters.
import { INCOTERMS, type Incoterm } from '../../platform/trade-terms'
import type { AssistantIntent, DocumentReference, PlannedCall, SourcingRequest } from './assistant.types'

/** Longer messages are read only this far (the rest cannot change a plan, and nothing may run away). */
const MAX_READ = 2000
const HAN = /\p{Script=Han}/u
const DAY_MS = 86_400_000

// — Places: the destination's English name and country, from English or Chinese (both scripts). —
type Place = { name: string; country: string; names: string[] }
const CITIES: Place[] = [
  ['Hamburg', 'DE', '汉堡', '漢堡'],
  ['Bremen', 'DE', '不来梅', '不來梅'],
  ['Berlin', 'DE', '柏林'],
  ['Munich', 'DE', '慕尼黑'],
  ['Frankfurt', 'DE', '法兰克福', '法蘭克福'],
  ['Rotterdam', 'NL', '鹿特丹'],
  ['Amsterdam', 'NL', '阿姆斯特丹'],
  ['Antwerp', 'BE', '安特卫普', '安特衛普'],
  ['Felixstowe', 'GB', '费利克斯托', '費利克斯托'],
  ['London', 'GB', '伦敦', '倫敦'],
  ['Le Havre', 'FR', '勒阿弗尔', '勒阿弗爾'],
  ['Marseille', 'FR', '马赛', '馬賽'],
  ['Paris', 'FR', '巴黎'],
  ['Barcelona', 'ES', '巴塞罗那', '巴塞隆納'],
  ['Valencia', 'ES', '瓦伦西亚', '瓦倫西亞'],
  ['Genoa', 'IT', '热那亚', '熱那亞'],
  ['Milan', 'IT', '米兰', '米蘭'],
  ['Gdansk', 'PL', '格但斯克'],
  ['Istanbul', 'TR', '伊斯坦布尔', '伊斯坦堡'],
  ['Dubai', 'AE', '迪拜', '杜拜'],
  ['Jeddah', 'SA', '吉达', '吉達'],
  ['Mumbai', 'IN', '孟买', '孟買'],
  ['Singapore', 'SG', '新加坡'],
  ['Kuala Lumpur', 'MY', '吉隆坡'],
  ['Jakarta', 'ID', '雅加达', '雅加達'],
  ['Bangkok', 'TH', '曼谷'],
  ['Ho Chi Minh City', 'VN', '胡志明市'],
  ['Manila', 'PH', '马尼拉', '馬尼拉'],
  ['Tokyo', 'JP', '东京', '東京'],
  ['Osaka', 'JP', '大阪'],
  ['Busan', 'KR', '釜山'],
  ['Seoul', 'KR', '首尔', '首爾'],
  ['Sydney', 'AU', '悉尼', '雪梨'],
  ['Melbourne', 'AU', '墨尔本', '墨爾本'],
  ['Los Angeles', 'US', '洛杉矶', '洛杉磯'],
  ['Long Beach', 'US', '长滩', '長灘'],
  ['New York', 'US', '纽约', '紐約'],
  ['Chicago', 'US', '芝加哥'],
  ['Vancouver', 'CA', '温哥华', '溫哥華'],
  ['Toronto', 'CA', '多伦多', '多倫多'],
  ['Sao Paulo', 'BR', '圣保罗', '聖保羅'],
  ['Santos', 'BR', '桑托斯'],
  ['Mexico City', 'MX', '墨西哥城'],
  ['Shanghai', 'CN', '上海'],
  ['Ningbo', 'CN', '宁波', '寧波'],
  ['Shenzhen', 'CN', '深圳'],
  ['Guangzhou', 'CN', '广州', '廣州'],
  ['Xiamen', 'CN', '厦门', '廈門'],
  ['Qingdao', 'CN', '青岛', '青島'],
  ['Tianjin', 'CN', '天津'],
  ['Hong Kong', 'HK', '香港'],
  ['Kaohsiung', 'TW', '高雄'],
  ['Keelung', 'TW', '基隆'],
  ['Taipei', 'TW', '台北', '臺北'],
].map(([name, country, ...names]) => ({ name: name!, country: country!, names: [name!.toLowerCase(), ...names] }))

const COUNTRIES: Place[] = [
  ['Germany', 'DE', '德国', '德國'],
  ['Netherlands', 'NL', '荷兰', '荷蘭'],
  ['Belgium', 'BE', '比利时', '比利時'],
  ['United Kingdom', 'GB', '英国', '英國', 'uk', 'britain'],
  ['France', 'FR', '法国', '法國'],
  ['Spain', 'ES', '西班牙'],
  ['Italy', 'IT', '意大利', '義大利'],
  ['Poland', 'PL', '波兰', '波蘭'],
  ['Sweden', 'SE', '瑞典'],
  ['Turkey', 'TR', '土耳其'],
  ['United Arab Emirates', 'AE', '阿联酋', '阿聯酋', 'uae'],
  ['Saudi Arabia', 'SA', '沙特', '沙烏地阿拉伯'],
  ['India', 'IN', '印度'],
  ['Vietnam', 'VN', '越南', 'viet nam'],
  ['Thailand', 'TH', '泰国', '泰國'],
  ['Malaysia', 'MY', '马来西亚', '馬來西亞'],
  ['Indonesia', 'ID', '印度尼西亚', '印尼'],
  ['Philippines', 'PH', '菲律宾', '菲律賓'],
  ['Japan', 'JP', '日本'],
  ['South Korea', 'KR', '韩国', '韓國', 'korea'],
  ['Australia', 'AU', '澳大利亚', '澳洲'],
  ['New Zealand', 'NZ', '新西兰', '紐西蘭'],
  ['United States', 'US', '美国', '美國', 'usa', 'us', 'america'],
  ['Canada', 'CA', '加拿大'],
  ['Mexico', 'MX', '墨西哥'],
  ['Brazil', 'BR', '巴西'],
  ['Chile', 'CL', '智利'],
  ['South Africa', 'ZA', '南非'],
  ['Nigeria', 'NG', '尼日利亚', '奈及利亞'],
  ['Egypt', 'EG', '埃及'],
  ['China', 'CN', '中国', '中國'],
  ['Taiwan', 'TW', '台湾', '臺灣', '台灣'],
].map(([name, country, ...names]) => ({ name: name!, country: country!, names: [name!.toLowerCase(), ...names.map((n) => n.toLowerCase())] }))

// — Units: what a quantity is counted in. —
const UNIT_WORDS: Array<[RegExp, string]> = [
  [/^(?:pcs?|pieces?|units?|nos?|个|個|只|隻|件|台|支|把|顶|頂|条|條|枚)$/i, 'pcs'],
  [/^(?:sets?|套)$/i, 'sets'],
  [/^(?:pairs?|prs|双|雙|对|對)$/i, 'pairs'],
  [/^(?:kgs?|kilos?|kilograms?|公斤|千克)$/i, 'kg'],
  [/^(?:t|mt|tons?|tonnes?|metric tons?|吨|噸|公吨|公噸)$/i, 't'],
  [/^(?:m|meters?|metres?|米|公尺)$/i, 'm'],
  [/^(?:m2|sqm|square meters?|square metres?|平方米|平米|平方公尺)$/i, 'm2'],
  [/^(?:m3|cbm|cubic meters?|cubic metres?|立方米|方|立方公尺)$/i, 'm3'],
  [/^(?:l|liters?|litres?|升|公升)$/i, 'l'],
  [/^(?:cartons?|ctns?|箱)$/i, 'cartons'],
  [/^(?:box|boxes|盒)$/i, 'boxes'],
  [/^(?:rolls?|卷|捲)$/i, 'rolls'],
  [/^(?:sheets?|张|張)$/i, 'sheets'],
  [/^(?:bags?|sacks?|袋|包)$/i, 'bags'],
  [/^(?:containers?|fcl|柜|櫃|个集装箱|個貨櫃|集装箱|貨櫃)$/i, 'containers'],
]
const EN_UNIT = String.raw`pcs?|pieces?|units?|sets?|pairs?|prs|kgs?|kilos?|kilograms?|mt|tons?|tonnes?|meters?|metres?|m2|sqm|m3|cbm|liters?|litres?|cartons?|ctns?|box(?:es)?|rolls?|sheets?|bags?|sacks?|containers?|fcl|t|m|l`
const ZH_UNIT =
  '个集装箱|個貨櫃|集装箱|貨櫃|公斤|千克|公吨|公噸|平方米|平米|平方公尺|立方米|立方公尺|公尺|公升|个|個|只|隻|件|台|支|把|顶|頂|条|條|枚|套|双|雙|对|對|吨|噸|米|升|箱|盒|卷|捲|张|張|袋|包|柜|櫃|方'
/** Measures of the product itself ("350 ml", "12 V"): never a quantity. */
const SPEC_UNIT = /^(?:ml|mm|cm|inch|inches|in|oz|w|kw|v|mah|gsm|g|%|"|毫升|毫米|厘米|寸|瓦|伏)/i
const unitOf = (word: string | undefined): string | null => {
  if (!word) return null
  const hit = UNIT_WORDS.find(([pattern]) => pattern.test(word.trim()))
  return hit ? hit[1] : null
}

// — Money. —
const CURRENCY_WORDS: Array<[RegExp, string]> = [
  [/^(?:us\$|\$|usd|dollars?|美元|美金)$/i, 'USD'],
  [/^(?:€|eur|euros?|欧元|歐元)$/i, 'EUR'],
  [/^(?:£|gbp|pounds?|英镑|英鎊)$/i, 'GBP'],
  [/^(?:rmb|cny|yuan|元|人民币|人民幣|块|塊)$/i, 'CNY'],
  [/^(?:jpy|yen|日元|日圓|円)$/i, 'JPY'],
  [/^(?:hk\$|hkd|港币|港幣|港元)$/i, 'HKD'],
  [/^(?:aud|a\$)$/i, 'AUD'],
  [/^(?:cad|c\$)$/i, 'CAD'],
  [/^(?:twd|nt\$|新台币|新台幣)$/i, 'TWD'],
]
const currencyOf = (word: string, language: 'en' | 'zh'): string | null => {
  if (/^[¥￥]$/.test(word)) return language === 'zh' ? 'CNY' : 'JPY'
  return CURRENCY_WORDS.find(([pattern]) => pattern.test(word.trim()))?.[1] ?? null
}
const AMOUNT = String.raw`\d{1,9}(?:\.\d{1,4})?`
const SYMBOL_PRICE = new RegExp(String.raw`(US\$|HK\$|NT\$|A\$|C\$|\$|€|£|¥|￥)\s?(${AMOUNT})`, 'i')
const CODE_BEFORE_PRICE = new RegExp(String.raw`\b(USD|EUR|GBP|CNY|RMB|JPY|HKD|AUD|CAD|TWD)\s?(${AMOUNT})`, 'i')
const PRICE_BEFORE_CODE = new RegExp(
  String.raw`(${AMOUNT})\s?(USD|EUR|GBP|CNY|RMB|JPY|HKD|AUD|CAD|TWD|dollars?|euros?|pounds?|yuan|yen|美元|美金|欧元|歐元|英镑|英鎊|日元|日圓|港币|港幣|港元|人民币|人民幣|新台币|新台幣|元|块|塊)(?![a-z])`,
  'i',
)
/** Words around a price that are not the product ("target price", "at most", "单价不超过"). */
const PRICE_CONTEXT =
  /(?:target(?:\s+unit)?\s+price(?:\s+of)?|unit\s+price|at\s+most|no\s+more\s+than|under|below|max(?:imum)?|around|about|单价|單價|目标价|目標價|不超过|不超過|不高于|不高於|以内|以內|每个|每個|每件|每只|每隻|每套|左右|per\s+(?:piece|pc|unit|set)|each|\/\s?(?:pc|pcs|piece|unit|set))/gi

// — Numbers in Chinese. —
const ZH_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 }
const ZH_SMALL: Record<string, number> = { 十: 10, 百: 100, 千: 1000 }
const ZH_LARGE: Record<string, number> = { 万: 10_000, 萬: 10_000, 亿: 100_000_000, 億: 100_000_000 }

/** 五千 → 5000, 两万 → 20000, 一万二千 → 12000, 三千五百 → 3500. */
export function chineseNumber(text: string): number | null {
  let total = 0
  let section = 0
  let digit = 0
  for (const char of text) {
    if (char in ZH_DIGITS) digit = ZH_DIGITS[char]!
    else if (char in ZH_SMALL) {
      section += (digit || 1) * ZH_SMALL[char]!
      digit = 0
    } else if (char in ZH_LARGE) {
      total += (section + digit) * ZH_LARGE[char]!
      section = 0
      digit = 0
    } else return null
  }
  const value = total + section + digit
  return value > 0 ? value : null
}

const MULTIPLIERS: Record<string, number> = {
  k: 1000,
  thousand: 1000,
  m: 1_000_000,
  million: 1_000_000,
  mn: 1_000_000,
  万: 10_000,
  萬: 10_000,
  千: 1000,
  百: 100,
}

/** "5,000" or "5000" or "1.2" with a multiplier ("k", "million", "万"), as a whole number. */
function numberOf(digits: string, multiplier: string | undefined): number | null {
  const base = Number(digits.replace(/,/g, ''))
  if (!Number.isFinite(base)) return null
  const value = Math.round(base * (multiplier ? (MULTIPLIERS[multiplier.toLowerCase()] ?? 1) : 1))
  return value >= 1 && value <= 1_000_000_000 ? value : null
}

// — Dates. —
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
const MONTH_WORD = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`
const monthIndex = (word: string) => MONTHS.findIndex((month) => month.startsWith(word.toLowerCase().slice(0, 3)))
const iso = (date: Date) => date.toISOString().slice(0, 10)
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day))
const lastDayOf = (year: number, month: number) => utcDay(year, month + 1, 0)

/** A date without a year that has passed this year means next year. */
function upcoming(now: Date, month: number, day: number | null, endOfMonth: boolean): string {
  const today = utcDay(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const make = (year: number) => (day !== null ? utcDay(year, month, day) : endOfMonth ? lastDayOf(year, month) : utcDay(year, month, 1))
  const date = make(now.getUTCFullYear())
  return iso(date < today ? make(now.getUTCFullYear() + 1) : date)
}

const UNIT_DAYS: Record<string, number> = {
  day: 1,
  days: 1,
  天: 1,
  日: 1,
  week: 7,
  weeks: 7,
  周: 7,
  週: 7,
  星期: 7,
  个星期: 7,
  個星期: 7,
  个月: 30,
  個月: 30,
  month: 30,
  months: 30,
}

type Found<T> = { value: T; span: [number, number] }
type Finder<T> = (text: string, now: Date) => Found<T> | null

const firstOf = <T>(text: string, now: Date, finders: Array<Finder<T>>): Found<T> | null => {
  for (const find of finders) {
    const found = find(text, now)
    if (found) return found
  }
  return null
}

const spanOf = (match: RegExpExecArray): [number, number] => [match.index, match.index + match[0].length]

const DEADLINE_FINDERS: Array<Finder<string>> = [
  (text) => {
    const match = /(?:\b(?:by|before|until|no later than|deliver(?:ed)? by)\s+)?\b(20\d{2})-(\d{1,2})-(\d{1,2})\b(?:\s*(?:前|之前|以前))?/i.exec(text)
    if (!match) return null
    const date = utcDay(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    return Number.isNaN(date.getTime()) ? null : { value: iso(date), span: spanOf(match) }
  },
  (text, now) => {
    const match = /(?:(20\d{2})\s*年\s*)?(\d{1,2})\s*月\s*(?:(\d{1,2})\s*[日号號]|(底|初))?\s*(?:前|之前|以前|到货|到貨|交货|交貨)?/.exec(text)
    if (!match) return null
    const month = Number(match[2]) - 1
    if (month < 0 || month > 11) return null
    const day = match[3] ? Number(match[3]) : match[4] === '初' ? 1 : null
    const endOfMonth = match[4] === '底'
    const year = match[1] ? Number(match[1]) : null
    const value =
      year !== null
        ? iso(day !== null ? utcDay(year, month, day) : endOfMonth ? lastDayOf(year, month) : utcDay(year, month, 1))
        : upcoming(now, month, day, endOfMonth)
    return { value, span: spanOf(match) }
  },
  (text, now) => {
    const pattern = new RegExp(
      String.raw`\b(?:by|before|until|in|for|no later than)?\s*(?:(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH_WORD}|${MONTH_WORD}\s+(\d{1,2})(?:st|nd|rd|th)?(?![\d:])|(?:end\s+of\s+)?${MONTH_WORD}\b)(?:,?\s+(20\d{2}))?`,
      'i',
    )
    const match = pattern.exec(text)
    if (!match) return null
    const word = match[2] ?? match[3] ?? match[5]
    if (!word) return null
    const month = monthIndex(word)
    if (month < 0) return null
    // "may" is a verb far more often than a month: only with a day, or after "in", "by", "before", "until".
    if (word.toLowerCase() === 'may' && !match[1] && !match[4] && !/^\s*(?:by|before|until|in)\b/i.test(match[0])) return null
    const day = match[1] ? Number(match[1]) : match[4] ? Number(match[4]) : null
    const year = match[6] ? Number(match[6]) : null
    const before = /\bbefore\b/i.test(match[0])
    const endOfMonth = !before
    const value =
      year !== null
        ? iso(day !== null ? utcDay(year, month, day) : endOfMonth ? lastDayOf(year, month) : utcDay(year, month, 1))
        : upcoming(now, month, day, endOfMonth)
    return { value, span: spanOf(match) }
  },
  (text, now) => {
    const match = /\b(?:within|in|inside)\s+(\d{1,3}|a|one|two|three|four|five|six)\s+(days?|weeks?|months?)\b/i.exec(text)
    if (!match) return null
    const words: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 }
    const count = words[match[1]!.toLowerCase()] ?? Number(match[1])
    const unit = match[2]!.toLowerCase()
    const date = unit.startsWith('month')
      ? utcDay(now.getUTCFullYear(), now.getUTCMonth() + count, now.getUTCDate())
      : new Date(now.getTime() + count * (UNIT_DAYS[unit] ?? 1) * DAY_MS)
    return { value: iso(date), span: spanOf(match) }
  },
  (text, now) => {
    const match = /(\d{1,3}|[一二两兩三四五六七八九十]+)\s*(天|日|周|週|个星期|個星期|星期|个月|個月)\s*(?:内|內|之内|之內|以内|以內)/.exec(text)
    if (!match) return null
    const count = /\d/.test(match[1]!) ? Number(match[1]) : (chineseNumber(match[1]!) ?? 0)
    if (count <= 0) return null
    const unit = match[2]!
    const date = unit.endsWith('月')
      ? utcDay(now.getUTCFullYear(), now.getUTCMonth() + count, now.getUTCDate())
      : new Date(now.getTime() + count * (UNIT_DAYS[unit] ?? 1) * DAY_MS)
    return { value: iso(date), span: spanOf(match) }
  },
  (text, now) => {
    const match = /\bnext\s+(month|week)\b|下个月|下個月|下周|下週|下星期/i.exec(text)
    if (!match) return null
    const week = /week|周|週|星期/i.test(match[0])
    const date = week ? new Date(now.getTime() + 7 * DAY_MS) : utcDay(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)
    return { value: iso(date), span: spanOf(match) }
  },
]

const findDeadline = (text: string, now: Date) => firstOf(text, now, DEADLINE_FINDERS)

// — Destination. —
const EN_DESTINATION =
  /\b(?:deliver(?:ed|y)?|ship(?:ped|ping)?|send|sent|export(?:ed)?|import(?:ed)?|to be delivered)?\s*(?:to|into|for delivery (?:to|in))\s+(?:the\s+)?(?:port\s+of\s+)?([a-z][a-z .'-]{1,40}?)(?=[,.;!?)]|\s+(?:by|before|within|in\s+\d|at|for|with|from|fob|cif|ddp|dap|cfr|exw|fca|cpt|cip|dpu|fas|and|target|under|\$)\b|$)/i
const ZH_DESTINATION =
  /(?:运到|運到|送到|发到|發到|运往|運往|发往|發往|寄到|交到|目的港|目的地|到港|卸货港|卸貨港)(?:为|為|是|：|:)?\s*([\p{Script=Han}A-Za-z ]{1,12})/u

function placeNamed(words: string): Place | null {
  const key = words.trim().toLowerCase()
  for (const table of [CITIES, COUNTRIES]) {
    const exact = table.find((place) => place.names.includes(key))
    if (exact) return exact
  }
  // "Hamburg, Germany", "汉堡港": the longest known name the words start with.
  let best: Place | null = null
  let length = 0
  for (const place of [...CITIES, ...COUNTRIES]) {
    for (const name of place.names) {
      if (name.length > length && key.startsWith(name) && (HAN.test(name) || key.length === name.length || /[^a-z]/.test(key[name.length] ?? ' '))) {
        best = place
        length = name.length
      }
    }
  }
  return best
}

function findDestination(text: string): Found<{ name: string; country: string | null }> | null {
  const zh = ZH_DESTINATION.exec(text)
  if (zh) {
    const place = placeNamed(zh[1]!)
    const name = place ? place.name : zh[1]!.trim()
    const end = place
      ? zh.index + zh[0].length - (zh[1]!.length - (place.names.find((n) => zh[1]!.toLowerCase().startsWith(n))?.length ?? zh[1]!.length))
      : zh.index + zh[0].length
    return { value: { name, country: place?.country ?? null }, span: [zh.index, end] }
  }
  const forCity = /\bfor\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b/.exec(text)
  const city = forCity ? CITIES.find((place) => place.names.includes(forCity[1]!.toLowerCase())) : undefined
  if (forCity && city) return { value: { name: city.name, country: city.country }, span: spanOf(forCity) }
  const en = EN_DESTINATION.exec(text)
  if (en) {
    const words = en[1]!.trim()
    const place = placeNamed(words)
    if (place) return { value: { name: place.name, country: place.country }, span: spanOf(en) }
    if (/^[A-Z]/.test(words) && words.split(/\s+/).length <= 3) return { value: { name: words, country: null }, span: spanOf(en) }
  }
  return null
}

// — Quantity. —
const EN_QUANTITY = new RegExp(
  String.raw`(?<![\w.-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|thousand|million|mn)?\b\s*(?:x\s*)?(${EN_UNIT})?(?![\w])\s*(?:of\s+)?([a-z"%]*)`,
  'gi',
)
const ZH_QUANTITY = new RegExp(String.raw`(\d+(?:\.\d+)?|[零一二两兩三四五六七八九十百千万萬亿億]+)\s*(万|萬|千|百)?\s*(${ZH_UNIT})?`, 'g')

function findQuantity(text: string, language: 'en' | 'zh'): Found<{ quantity: number; unit: string }> | null {
  if (language === 'zh') {
    for (const match of text.matchAll(ZH_QUANTITY)) {
      const [whole, digits, multiplier, unit] = match
      const value = /\d/.test(digits!) ? numberOf(digits!, multiplier) : chineseNumber(`${digits}${multiplier ?? ''}`)
      if (value === null) continue
      const after = text.slice(match.index + whole.length)
      // A bare Chinese numeral without a unit is a word ("一些"), a bare figure before a measure is a spec ("350毫升").
      if (!unit && (!/\d/.test(digits!) || SPEC_UNIT.test(after.trimStart()))) continue
      if (!unit && /^\s*[年月日号號天周週%]/.test(after)) continue
      return { value: { quantity: value, unit: unitOf(unit) ?? 'pcs' }, span: [match.index, match.index + whole.length] }
    }
  }
  for (const match of text.matchAll(EN_QUANTITY)) {
    const [, digits, multiplier, unit, next] = match
    const value = numberOf(digits!, multiplier)
    if (value === null) continue
    if (!unit && (SPEC_UNIT.test(next ?? '') || !next || /^\d/.test(next))) continue
    if (/^(?:days?|weeks?|months?|years?|st|nd|rd|th)$/i.test(next ?? '')) continue
    const end = match.index + match[0].length - (unit ? 0 : (next?.length ?? 0))
    return { value: { quantity: value, unit: unitOf(unit) ?? 'pcs' }, span: [match.index, unit ? match.index + match[0].length - (next?.length ?? 0) : end] }
  }
  return null
}

// — Prices. —
function findPrice(text: string, language: 'en' | 'zh'): Found<{ amount: string; currency: string }> | null {
  for (const [pattern, amountAt, currencyAt] of [
    [SYMBOL_PRICE, 2, 1],
    [CODE_BEFORE_PRICE, 2, 1],
    [PRICE_BEFORE_CODE, 1, 2],
  ] as const) {
    const match = pattern.exec(text)
    if (!match) continue
    const currency = currencyOf(match[currencyAt]!, language)
    if (!currency) continue
    return { value: { amount: match[amountAt]!, currency }, span: spanOf(match) }
  }
  return null
}

// — Intent. —
const INTENT_RULES: Array<[AssistantIntent, RegExp]> = [
  ['compare', /\bcompar(?:e|ing|ison)\b|\bbest (?:quote|offer|price) (?:for|on)\b|比价|比價|比较报价|比較報價|对比报价|對比報價|比较.*报价|比較.*報價/i],
  [
    'order_status',
    /\b(?:where is|status of|track(?:ing)?)\b.*\border\b|\border status\b|\bmy (?:latest|last|recent) (?:purchase )?order\b|订单状态|訂單狀態|订单到哪|訂單到哪|订单进度|訂單進度|最新的订单|最新的訂單|我的订单|我的訂單/i,
  ],
  [
    'project_status',
    /\bproject status\b|\bstatus of (?:my |the )?(?:latest |last )?project\b|\bmy (?:latest|last) project\b|项目进展|项目进度|项目状态|專案進度|專案狀態|最新的项目|最新的專案/i,
  ],
  [
    'hs_lookup',
    /\bhs(?:\s*code)?\b|\btariff\b|\bclassif(?:y|ication)\b|\bcustoms code\b|\bcommodity code\b|海关编码|海關編碼|税号|稅號|hs编码|hs編碼|商品编码|商品編碼|税则|稅則|归类|歸類/i,
  ],
  [
    'draft_rfq',
    /\brfqs?\b|\brequest for quotations?\b|\b(?:get|ask for|collect|request) (?:some |a |the )?(?:quotes?|quotations)\b|\bquotes? (?:for|on)\b|询价|詢價|询盘|詢盤|报价请求|報價請求|发询价|發詢價/i,
  ],
  ['shortlist', /\bshort-?list\b|候选名单|候選名單|加入候选|加入候選|候选供应商|候選供應商/i],
  ['draft_requirement', /\brequirements?\b|\badd (?:it |this |that )?to (?:my |the )?project\b|加入项目|加入專案|采购需求|採購需求|建需求|新建需求/i],
  ['price_research', /(?<!(?:target|unit|max(?:imum)?)\s)\bprices?\b|\bhow much\b|\bcosts?\b|\bpricing\b|价格|價格|多少钱|多少錢|行情|单价多少|單價多少/i],
]
const NEED =
  /\b(?:need|needs|want|wants|require|requires|buy|purchase|order|source|looking to buy|we are after)\b|需要|想要|求购|求購|采购|採購|要买|要買|要订|要訂|订购|訂購|我要/i
const FIND =
  /\b(?:find|search|looking for|look for|who makes|suppliers?|manufacturers?|factor(?:y|ies)|vendors?|makers?)\b|找|寻找|尋找|搜索|搜尋|查找|供应商|供應商|厂家|廠家|厂商|廠商|工厂|工廠/i
const VERIFIED = /\bverified\b|\baudited\b|\bcertified suppliers?\b|已认证|已認證|认证|認證|验证过|驗證過|已验证|已驗證/i

// — What is not the product. —
const EN_FILLER = new RegExp(
  [
    String.raw`\b(?:hi|hello|hey|please|pls|kindly|thanks?|thank you|can you|could you|would you|help me|i'd like to|i would like to|i want to|we want to|i'm|we're|i am|we are)\b`,
    String.raw`\b(?:i|we|our company|my company)\s+(?:need|needs|want|wants|require|requires|would like|are looking for|am looking for|looking for)\b`,
    String.raw`\b(?:need|want|require|buy|purchase|order|source|find me|find|search(?: for)?|look(?:ing)? for|who makes|get|collect|request|send|draft|create|make|prepare|show me|tell me|give me)\b`,
    String.raw`\b(?:an?|the|some|any|me|us|my|our)\b`,
    String.raw`\b(?:verified|audited|certified|reliable|good|best)\b`,
    String.raw`\b(?:suppliers?|manufacturers?|factor(?:y|ies)|vendors?|makers?|sellers?)\s*(?:of|for|that make|who make|making)?\b`,
    String.raw`\b(?:rfqs?|request for quotations?|quotes?|quotations?|requirements?)\s*(?:for|of)?\b`,
    String.raw`\b(?:hs\s*codes?|tariff(?:\s+codes?)?|customs codes?|commodity codes?|classification|classify)\s*(?:for|of)?\b`,
    String.raw`\b(?:what(?:'s| is| are)|which is|how much (?:is|are|do|does)?|prices?|pricing|costs?)\s*(?:of|for)?\b`,
    String.raw`\b(?:add (?:it |this |that )?to (?:my |the )?project|shortlist|short-list|to my shortlist|put .* on)\b`,
    String.raw`\b(?:delivered|shipped|shipping|delivery|with|each|per piece|per unit|target|at most|under|below|around|about|max(?:imum)?|unit price|price)\b`,
    String.raw`\b(?:in|on|at|for|of|to|from|by|and|or|that|this|it|is|are|be|do|does|did|can|will|what|which|how|you|research|deliver|delivery|ship|source)\b`,
  ].join('|'),
  'gi',
)
const ZH_FILLER =
  /改成|改为|改為|换成|換成|做成|查一下|看一下|一下|把|将|將|给我|給我|生产|生產|你好|您好|请问|請問|请帮我|請幫我|帮我|幫我|请|請|麻烦|麻煩|我们需要|我們需要|我需要|我想要|我要|需要|想要|求购|求購|采购|採購|订购|訂購|要买|要買|寻找|尋找|查找|搜索|搜尋|找一下|找|一些|一批|的供应商|的供應商|供应商|供應商|厂家|廠家|厂商|廠商|工厂|工廠|已认证的|已認證的|已认证|已認證|认证的|認證的|认证|認證|验证过的|驗證過的|发询价|發詢價|询价单|詢價單|询价|詢價|询盘|詢盤|报价请求|報價請求|报价|報價|起草|创建|建立|新建|一个需求|一個需求|采购需求|採購需求|需求|加入项目|加入專案|加入候选名单|加入候選名單|候选名单|候選名單|的海关编码|的海關編碼|海关编码|海關編碼|hs编码|hs編碼|商品编码|商品編碼|的税号|的稅號|税号|稅號|是多少|是什么|是什麼|的价格|的價格|价格|價格|多少钱|多少錢|行情|单价|單價|目标价|目標價|不超过|不超過|左右|以内|以內|每个|每個|每件|每只|每隻|我的|我们的|我們的|吗|嗎|呢|吧/gi

function cut(text: string, spans: Array<[number, number]>): string {
  const sorted = [...spans].sort((a, b) => b[0] - a[0])
  let result = text
  for (const [start, end] of sorted) result = `${result.slice(0, start)} ${result.slice(end)}`
  return result
}

/** "350 ml", "12V", "20寸": measures of the product, not words of it. */
const MEASURE = /\d+(?:\.\d+)?\s*(?:ml|mm|cm|inch(?:es)?|in|oz|w|kw|v|mah|gsm|g|%|毫升|毫米|厘米|寸|瓦|伏)(?![a-z])/gi

function productOf(rest: string, language: 'en' | 'zh'): string | null {
  let text = rest.replace(MEASURE, ' ').replace(PRICE_CONTEXT, ' ')
  if (language === 'zh') {
    text = text.replace(ZH_FILLER, ' ').replace(/[，。！？、；：,.!?;:"“”'‘’()（）【】[\]]/g, ' ')
    const parts = text
      .split(/\s+/)
      .map((part) => part.replace(/^[的和及与與]+|[的和及与與]+$/g, ''))
      .filter((part) => HAN.test(part) || /^[a-z][a-z-]+$/i.test(part))
    const product = parts.sort((a, b) => b.length - a.length)[0] ?? ''
    return product.length >= 2 ? product : null
  }
  text = text
    .replace(/\b(?:RFQ|PO|PRJ)-\d{4}-\d{3,}\b/gi, ' ')
    .replace(/[,.!?;:"“”()[\]]/g, ' ')
    .replace(EN_FILLER, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const words = text.split(' ').filter((word) => /[a-z]/i.test(word) && !/^\d/.test(word))
  const product = words.join(' ').toLowerCase()
  return product.length >= 2 ? product : null
}

function findReference(text: string): Found<DocumentReference> | null {
  const match = /\b(RFQ|PO|PRJ)-(\d{4})-(\d{3,})\b/i.exec(text)
  if (!match) return null
  const kind = match[1]!.toUpperCase() === 'RFQ' ? 'rfq' : match[1]!.toUpperCase() === 'PO' ? 'order' : 'project'
  return { value: { kind, number: match[0].toUpperCase() }, span: spanOf(match) }
}

/** Terms whose named place is where the goods go (C- and D-terms); under the others it is where they leave. */
const DESTINATION_TERMS = new Set<Incoterm>(['CPT', 'CIP', 'CFR', 'CIF', 'DAP', 'DPU', 'DDP'])
const INCOTERM = new RegExp(String.raw`\b(${INCOTERMS.join('|')})\b`, 'i')

/** Reads one message; `previous` is what the earlier messages asked, for follow-ups ("make it an RFQ", "what about 10,000?"). */
export function understand(input: string, now: Date, previous: SourcingRequest | null = null): SourcingRequest {
  const text = input.normalize('NFKC').slice(0, MAX_READ).replace(/\s+/g, ' ').trim()
  const language = HAN.test(text) ? 'zh' : 'en'
  const spans: Array<[number, number]> = []
  const take = <T>(found: Found<T> | null): T | null => {
    if (!found) return null
    spans.push(found.span)
    return found.value
  }
  const reference = take(findReference(text))
  const incotermMatch = INCOTERM.exec(text)
  const incoterm = incotermMatch ? (incotermMatch[1]!.toUpperCase() as Incoterm) : null
  let termPlace: Place | null = null
  if (incotermMatch) {
    // "FOB Ningbo": the named place goes with the term, not the product; under C- and D-terms it is the destination.
    const named = /^\s*([A-Z][a-z]+(?:\s[A-Z][a-z]+)?|[\p{Script=Han}]{2,4})/u.exec(text.slice(incotermMatch.index + incotermMatch[0].length))
    termPlace = named ? placeNamed(named[1]!) : null
    spans.push([incotermMatch.index, incotermMatch.index + incotermMatch[0].length + (termPlace ? named![0].length : 0)])
    if (termPlace && !DESTINATION_TERMS.has(incoterm!)) termPlace = null
  }
  const price = take(findPrice(text, language))
  const deadline = take(findDeadline(maskSpans(text, spans), now))
  const destination = take(findDestination(maskSpans(text, spans))) ?? (termPlace ? { name: termPlace.name, country: termPlace.country } : null)
  const quantity = take(findQuantity(maskSpans(text, spans), language))
  const product = productOf(cut(text, spans), language)

  let intent = intentOf(text, { product, quantity: quantity?.quantity ?? null, reference, destination: destination !== null })
  const followUp = previous !== null && product === null && !READ_INTENTS.has(intent)
  const reading = READ_INTENTS.has(intent)
  const request: SourcingRequest = {
    language,
    intent,
    product: reading ? null : product,
    quantity: quantity?.quantity ?? null,
    unit: quantity?.unit ?? null,
    targetPrice: price?.amount ?? null,
    currency: price?.currency ?? null,
    destination: destination?.name ?? null,
    destinationCountry: destination?.country ?? null,
    incoterm,
    deadline,
    reference: reference ?? referenceFor(intent, text),
    verifiedOnly: VERIFIED.test(text),
  }
  if (!followUp || !previous) return request
  // "What about 10,000?": a bare figure in a follow-up is the new quantity.
  if (request.quantity === null) {
    const bare = /(?<![\w.-])(\d{1,3}(?:,\d{3})+|\d+)\s?(k|万|萬|千)?(?![\w.])/i.exec(maskSpans(text, spans))
    const quantity = bare ? numberOf(bare[1]!, bare[2]) : null
    if (quantity !== null) {
      request.quantity = quantity
      request.unit = previous.unit
    }
  }
  // A follow-up keeps what was asked before unless it says otherwise; a bare change keeps the earlier intent.
  const explicit = INTENT_RULES.some(([, pattern]) => pattern.test(text))
  intent = explicit ? intent : previous.intent
  return {
    ...request,
    intent,
    product: previous.product,
    quantity: request.quantity ?? previous.quantity,
    unit: request.quantity !== null ? request.unit : previous.unit,
    targetPrice: request.targetPrice ?? previous.targetPrice,
    currency: request.targetPrice !== null ? request.currency : previous.currency,
    destination: request.destination ?? previous.destination,
    destinationCountry: request.destination !== null ? request.destinationCountry : previous.destinationCountry,
    incoterm: request.incoterm ?? previous.incoterm,
    deadline: request.deadline ?? previous.deadline,
    reference: request.reference ?? (intent === previous.intent ? previous.reference : referenceFor(intent, text)),
    verifiedOnly: request.verifiedOnly || previous.verifiedOnly,
  }
}

/** The text with the spans already read blanked out (same length, so later spans stay in place). */
function maskSpans(text: string, spans: Array<[number, number]>): string {
  let result = text
  for (const [start, end] of spans) result = `${result.slice(0, start)}${' '.repeat(end - start)}${result.slice(end)}`
  return result
}

function intentOf(
  text: string,
  facts: { product: string | null; quantity: number | null; reference: DocumentReference | null; destination: boolean },
): AssistantIntent {
  if (facts.reference?.kind === 'order' && !/compar|比价|比價|比较|比較/i.test(text)) return 'order_status'
  if (facts.reference?.kind === 'project' && !/requirement|需求/i.test(text)) return 'project_status'
  if (facts.reference?.kind === 'rfq') return /compar|quot|offer|bids?|比价|比價|比较|比較|报价|報價/i.test(text) ? 'compare' : 'rfq_status'
  const ruled = intentByRules(text)
  if (ruled === 'price_research' && NEED.test(text) && facts.quantity !== null) return 'draft_requirement'
  if (ruled) return ruled
  // A quantity with a need or a destination is a requirement ("3,000 pcs, ship to Los Angeles").
  if ((NEED.test(text) || facts.destination) && facts.quantity !== null && facts.product) return 'draft_requirement'
  if (FIND.test(text) || facts.product) return facts.product || FIND.test(text) ? 'find' : 'help'
  return 'help'
}

/** Intents that read a document: their words name it, not a product. */
const READ_INTENTS = new Set<AssistantIntent>(['compare', 'order_status', 'project_status', 'rfq_status'])

const intentByRules = (text: string): AssistantIntent | null => INTENT_RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? null

/** "My latest order", "compare the quotes": the latest of its kind (number null). */
function referenceFor(intent: AssistantIntent, text: string): DocumentReference | null {
  if (intent === 'compare') return { kind: 'rfq', number: null }
  if (intent === 'order_status') return { kind: 'order', number: null }
  if (intent === 'project_status') return { kind: 'project', number: null }
  if (intent === 'rfq_status') return { kind: 'rfq', number: null }
  if (/\b(?:my )?(?:latest|last) rfq\b|最新的询价|最新的詢價/i.test(text)) return { kind: 'rfq', number: null }
  return null
}

const present = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== false)) as Partial<T>

/** The first round of tool calls for a request (the built-in provider plans follow-ups from their results). */
export function planCalls(request: SourcingRequest): PlannedCall[] {
  const product = request.product
  const verified = request.verifiedOnly ? true : null
  const priced = request.targetPrice && request.currency ? { target_unit_price: request.targetPrice, currency: request.currency } : {}
  switch (request.intent) {
    case 'find':
      if (!product) return []
      return [
        {
          name: 'search_products',
          arguments: present({
            query: product,
            verified_only: verified,
            max_price: request.targetPrice,
            currency: request.targetPrice ? request.currency : null,
          }),
        },
        { name: 'find_suppliers', arguments: present({ query: product, verified_only: verified }) },
      ]
    case 'draft_requirement': {
      if (!product) return []
      const calls: PlannedCall[] = [{ name: 'find_suppliers', arguments: present({ query: product, verified_only: verified }) }]
      if (request.quantity !== null) {
        calls.push({
          name: 'propose_requirement',
          arguments: present({
            title: product,
            quantity: request.quantity,
            unit: request.unit ?? 'pcs',
            ...priced,
            destination: request.destination,
            required_by: request.deadline,
          }),
        })
      }
      return calls
    }
    case 'draft_rfq':
      if (!product) return []
      if (request.quantity === null) return [{ name: 'find_suppliers', arguments: present({ query: product, verified_only: verified }) }]
      return [
        {
          name: 'propose_rfq',
          arguments: present({
            // An RFQ's title has at least three characters: a two-character name (皮靴) says how many too.
            title: product.length >= 3 ? product : `${product} × ${request.quantity}`,
            quantity: request.quantity,
            unit: request.unit ?? 'pcs',
            ...priced,
            incoterm: request.incoterm,
            destination: request.destination,
            delivery_date: request.deadline,
          }),
        },
      ]
    case 'hs_lookup':
      return product ? [{ name: 'lookup_hs_codes', arguments: { description: product } }] : []
    case 'price_research':
      return product ? [{ name: 'research_prices', arguments: present({ query: product, currency: request.currency }) }] : []
    case 'compare':
      return [{ name: 'read_comparison', arguments: present({ rfq: request.reference?.kind === 'rfq' ? request.reference.number : null }) }]
    case 'order_status':
      return [{ name: 'read_order', arguments: present({ order: request.reference?.kind === 'order' ? request.reference.number : null }) }]
    case 'project_status':
      return [{ name: 'read_project', arguments: present({ project: request.reference?.kind === 'project' ? request.reference.number : null }) }]
    case 'rfq_status':
      return [{ name: 'read_rfq', arguments: present({ rfq: request.reference?.kind === 'rfq' ? request.reference.number : null }) }]
    case 'shortlist':
      return product ? [{ name: 'find_suppliers', arguments: present({ query: product, verified_only: verified }) }] : []
    case 'help':
      return []
  }
}
