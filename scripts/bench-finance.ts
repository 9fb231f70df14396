// `npm run bench:finance` (issue 21): the double-entry ledger at scale, against the production server on PostgreSQL
// (BENCH_FINANCE_DATABASE_URL or BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tradeport_bench_finance;
// recreated each run, dropped at the end unless BENCH_KEEP=1). Seeds with set-based SQL 1,000,000 journal entries over
// 1,000 companies (250,000 cycles of four entries: a payment held in the buyer's escrow, released to the supplier less
// the escrow fee — or partly refunded first — then a payout asked for and paid or rejected), every company account's
// balance, posting count, running balance and sequence computed from its postings; then SQL proves the books. Then:
//   1. reads, as a member of the busiest company: GET /finance/balances, the USD statement's first page and deep pages
//      (by cursor), at BENCH_CONNECTIONS (default 10) for BENCH_READ_SECONDS (default 10) each and 200 one at a time;
//      each read's SQL once under EXPLAIN ANALYZE (execution time, the indexes it used). The p95 targets are judged one
//      request at a time (the work's own latency; the loaded figures add a single Node process's queueing);
//   2. money moving: 50 clients (owners of BENCH_MOVER_COMPANIES, default 25, companies: two clients each) asking for
//      payouts over POST /finance/payouts, a platform admin rejecting them, or accepting and marking them paid, for
//      BENCH_SECONDS (default 60) — the target's figure; then the same cycles through the services in this process for
//      BENCH_INPROCESS_SECONDS (default 20), with this process's CPU per entry, to tell the HTTP layer from the ledger;
//      then SQL: no unbalanced entry, no negative balance, every company account's balance the sum of its postings,
//      each currency's postings summing to zero, the movers' money down by exactly what left for the bank.
// Every figure beside /api/health on the same server in the same run. Exits 1 when a target or an invariant fails.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import postgres from 'postgres'
import type * as FinanceServices from '../app/modules/finance/index.server'
import type { ServiceContext } from '../app/platform/actor'
import { contextOf } from '../db/factories/context'
import { dropDatabase, recreateDatabase } from './bench-database'
import { load, loadAverage, type Measurement, postgresCpuSeconds, sequential, startServer, statusLine, summarize, tokenFor } from './bench-server'

const DATABASE_URL = process.env.BENCH_FINANCE_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_finance'
const COMPANIES = 1_000
const CYCLES = Number(process.env.BENCH_CYCLES ?? 250_000)
const ENTRIES_PER_CYCLE = 4
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10)
const WRITE_SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const WRITE_CLIENTS = 50
/** The same clients calling the finance services in this process (no HTTP): the ledger's own capacity, for comparison. */
const INPROCESS_SECONDS = Number(process.env.BENCH_INPROCESS_SECONDS ?? 20)
const MOVER_COMPANIES = Number(process.env.BENCH_MOVER_COMPANIES ?? 25)
/** One payout in this many is accepted and paid (money leaves for the bank); the others are rejected (money comes back). */
const PAID_EVERY = 4
const DEEP_PAGES = 20
const PAGE = 25
const TARGETS = { balancesP95: 5, statementP95: 30, entriesPerSecond: 500 }

type Credentials = { id: string; email: string; password: string }
type Seeded = {
  busyCompanyId: string
  reader: Credentials
  admin: Credentials
  movers: Array<Credentials & { companyId: string; bankAccountId: string }>
  seconds: number
}

const timed = async (label: string, statement: () => Promise<unknown>) => {
  const begin = performance.now()
  await statement()
  console.log(`  ${label}: ${((performance.now() - begin) / 1000).toFixed(1)} s`)
}

/** The companies, the reader, the movers (KYC accepted, a verified USD bank account) and an admin through the factories. */
async function seedPeople(): Promise<{
  companies: Array<{ id: string; name: string }>
  seeded: Omit<Seeded, 'seconds'>
  fees: { escrowBps: number; payoutBps: number }
}> {
  process.env.DATABASE_URL = DATABASE_URL
  process.env.SEED_DEMO = 'off'
  process.env.LOG_LEVEL = 'warn'
  const { databaseHandle, closeDatabase } = await import('../app/platform/db/index.server')
  await databaseHandle().migrate()
  const { env } = await import('../app/platform/env.server')
  const { createCompany, addMember } = await import('../db/factories/companies')
  const { createUser } = await import('../db/factories/users')
  const { readyForPayouts } = await import('../tests/factories/finance')
  const companies: Array<{ id: string; name: string }> = []
  await timed(`${COMPANIES.toLocaleString('en')} companies`, async () => {
    for (let n = 0; n < COMPANIES; n++)
      companies.push(
        await createCompany({ name: `Bench Finance ${String(n).padStart(4, '0')}`, kind: n % 2 === 0 ? 'supplier' : 'buyer', verificationStatus: 'accept' }),
      )
  })
  const busy = companies[0]!
  const readerUser = await createUser({ email: 'bench-finance-reader@example.test', name: 'Bench Reader' })
  await addMember(busy.id, readerUser.id, 'member')
  const adminUser = await createUser({ email: 'bench-finance-admin@example.test', name: 'Bench Platform Admin', role: 'admin' })
  const movers: Seeded['movers'] = []
  await timed(`${MOVER_COMPANIES} owners with accepted KYC and a verified USD bank account`, async () => {
    for (let m = 0; m < MOVER_COMPANIES; m++) {
      const company = companies[1 + m]!
      const owner = await createUser({ email: `bench-finance-owner-${m}@example.test`, name: `Bench Owner ${m + 1}` })
      await addMember(company.id, owner.id, 'owner')
      movers.push({
        companyId: company.id,
        bankAccountId: await readyForPayouts(company.id, 'USD'),
        id: owner.id,
        email: owner.email,
        password: owner.password,
      })
    }
  })
  const fees = { escrowBps: env().FINANCE_ESCROW_FEE_BPS, payoutBps: env().FINANCE_PAYOUT_FEE_BPS }
  await closeDatabase()
  return {
    companies,
    seeded: {
      busyCompanyId: busy.id,
      reader: { id: readerUser.id, email: readerUser.email, password: readerUser.password },
      admin: { id: adminUser.id, email: adminUser.email, password: adminUser.password },
      movers,
    },
    fees,
  }
}

// Each cycle's entries (variant, step) and their postings (party, account kind, amount), the amounts named:
// a paid in, x refunded, r = a − x released, fee the escrow fee on r, b the payout (3/5 of r − fee), fee2 its fee.
const ENTRY_TEMPLATE: Array<[variant: string, step: number, kind: string, postings: Array<[party: string, account: string, amount: string]>]> = []
const HELD: Array<[string, string, string]> = [
  ['bank', 'external_bank', '-a'],
  ['buyer', 'escrow', 'a'],
]
const RELEASED: Array<[string, string, string]> = [
  ['buyer', 'escrow', '-r'],
  ['supplier', 'available', 'r-fee'],
  ['supplier', 'fees', 'fee'],
]
const REQUESTED: Array<[string, string, string]> = [
  ['supplier', 'available', '-b'],
  ['supplier', 'pending_payout', 'b'],
]
for (const variant of ['paid', 'rejected']) {
  ENTRY_TEMPLATE.push([variant, 0, 'payment_held', HELD], [variant, 1, 'payment_released', RELEASED], [variant, 2, 'payout_requested', REQUESTED])
}
ENTRY_TEMPLATE.push(
  [
    'paid',
    3,
    'payout_paid',
    [
      ['supplier', 'pending_payout', '-b'],
      ['bank', 'external_bank', 'b-fee2'],
      ['supplier', 'fees', 'fee2'],
    ],
  ],
  [
    'rejected',
    3,
    'payout_rejected',
    [
      ['supplier', 'pending_payout', '-b'],
      ['supplier', 'available', 'b'],
    ],
  ],
  ['refund', 0, 'payment_held', HELD],
  [
    'refund',
    1,
    'refund_granted',
    [
      ['buyer', 'escrow', '-x'],
      ['clearing', 'escrow_clearing', 'x'],
    ],
  ],
  ['refund', 2, 'payment_released', RELEASED],
  [
    'refund',
    3,
    'refund_sent',
    [
      ['clearing', 'escrow_clearing', '-x'],
      ['bank', 'external_bank', 'x'],
    ],
  ],
)

/** 250,000 cycles of four entries over the 1,000 companies (a fifth of them supplied by company 0, the busy one), in bulk SQL. */
async function seedLedger(companies: Array<{ id: string; name: string }>, fees: { escrowBps: number; payoutBps: number }): Promise<void> {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} })
  try {
    await sql`set temp_buffers = '1GB'`
    await sql`set synchronous_commit = off`
    await sql`set maintenance_work_mem = '512MB'`
    await sql`set work_mem = '256MB'`
    // The bulk load bypasses the ledger's triggers (append-only, the deferred balance check) and foreign-key checks in
    // this session only; the books are proven by SQL right after.
    await sql`set session_replication_role = replica`
    await sql`create temp table bench_companies as select (n - 1)::int as n, id, name from unnest(${sql.array(companies.map((c) => c.id))}::text[], ${sql.array(companies.map((c) => c.name))}::text[]) with ordinality as t(id, name, n)`
    await sql`create temp table bench_template (variant text, step int, kind text, slot int, party text, account text, amount text)`
    for (const [variant, step, kind, postings] of ENTRY_TEMPLATE)
      for (const [slot, [party, account, amount]] of postings.entries())
        await sql`insert into bench_template values (${variant}, ${step}, ${kind}, ${slot + 1}, ${party}, ${account}, ${amount})`
    // Cycle k starts every 126 s over the last year; its steps are two days apart (all in the past). A company's
    // positive posting of a cycle always comes before its negative one, so no running balance is ever below zero.
    await timed(
      `${CYCLES.toLocaleString('en')} cycles planned`,
      () => sql`
      create temp table bench_cycles as
      with base as (
        select k,
          case when k % 5 = 0 then 0 else 1 + (k::bigint * 7919) % ${COMPANIES - 1} end::int as supplier,
          case when (k / 3) % 5 = 4 then 'EUR' else 'USD' end as currency,
          case when (k * 13) % 20 = 19 then 'refund' when (k * 13) % 20 in (3, 11) then 'rejected' else 'paid' end as variant,
          10000 + (k::bigint * 7919) % 990001 as a,
          now() - interval '380 days' + k * interval '126 seconds' as t0
        from generate_series(0, ${CYCLES - 1}) k
      ), amounts as (
        select *, ((supplier + 1 + (k::bigint * 104729) % ${COMPANIES - 1}) % ${COMPANIES})::int as buyer,
          case when variant = 'refund' then a / 4 else 0 end as x
        from base
      ), released as (
        select *, a - x as r, ((a - x) * ${fees.escrowBps} + 5000) / 10000 as fee from amounts
      ), paid_out as (
        select *, (r - fee) * 3 / 5 as b from released
      )
      select p.*, (p.b * ${fees.payoutBps} + 5000) / 10000 as fee2, s.id as supplier_id, s.name as supplier_name, bu.id as buyer_id, bu.name as buyer_name
      from paid_out p join bench_companies s on s.n = p.supplier join bench_companies bu on bu.n = p.buyer`,
    )
    const indexes = await sql<Array<{ name: string; def: string }>>`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
      where i.indrelid in ('postings'::regclass, 'journal_entries'::regclass, 'payments'::regclass, 'payouts'::regclass)
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`
    for (const index of indexes) await sql.unsafe(`drop index ${index.name}`)
    await timed(
      'postings planned',
      () => sql`
      create temp table bench_postings as
      select e.entry_id, e.created_at, t.slot, e.organization_id, t.account, c.currency,
        md5('acct-' || coalesce(e.organization_id, '') || '-' || t.account || '-' || c.currency)::uuid::text as account_id,
        case t.amount when 'a' then c.a when '-a' then -c.a when 'x' then c.x when '-x' then -c.x when '-r' then -c.r
          when 'r-fee' then c.r - c.fee when 'fee' then c.fee when 'b' then c.b when '-b' then -c.b
          when 'b-fee2' then c.b - c.fee2 when 'fee2' then c.fee2 end as amount
      from bench_cycles c join bench_template t on t.variant = c.variant
      cross join lateral (select md5('je-' || c.k || '-' || t.step)::uuid::text as entry_id, c.t0 + t.step * interval '2 days' as created_at,
        case t.party when 'buyer' then c.buyer_id when 'supplier' then c.supplier_id end as organization_id) e`,
    )
    await timed(
      'finance accounts',
      () => sql`
      insert into finance_accounts (id, organization_id, kind, currency, balance_minor, posting_count, created_at)
      select account_id, organization_id, account, currency,
        case when organization_id is null then 0 else sum(amount) end,
        case when organization_id is null then 0 else count(*) end, min(created_at)
      from bench_postings group by account_id, organization_id, account, currency`,
    )
    await timed(`${CYCLES.toLocaleString('en')} payments, their refunds and payouts`, async () => {
      await sql`
          insert into payments (id, number, order_id, order_number, buyer_organization_id, supplier_organization_id, buyer_name, supplier_name,
            stage, order_currency, order_amount_minor, currency, amount_minor, provider, reference, status, held_minor, released_minor,
            refunded_minor, fee_minor, held_at, closed_at, created_at, updated_at)
          select md5('pay-' || k)::uuid::text, 'PAY-B' || lpad(k::text, 7, '0'), md5('order-' || k)::uuid::text, 'PO-B' || lpad(k::text, 7, '0'),
            buyer_id, supplier_id, buyer_name, supplier_name, 'full', currency, a, currency, a, 'bank_transfer', 'TP-BENCH-' || k,
            case when variant = 'refund' then 'settled' else 'released' end, a, r, x, fee, t0,
            t0 + case when variant = 'refund' then interval '4 days' else interval '2 days' end, t0 - interval '1 day',
            t0 + case when variant = 'refund' then interval '4 days' else interval '2 days' end
          from bench_cycles`
      await sql`
          insert into payment_refunds (id, payment_id, amount_minor, currency, reason, status, provider_ref, created_at, sent_at)
          select md5('ref-' || k)::uuid::text, md5('pay-' || k)::uuid::text, x, currency, 'partial_refund', 'sent', 'REF-' || k,
            t0 + interval '2 days', t0 + interval '6 days'
          from bench_cycles where variant = 'refund'`
      await sql`
          insert into payouts (id, number, organization_id, bank_account_label, currency, amount_minor, fee_minor, status, reason, bank_reference,
            decided_at, closed_at, created_at, updated_at)
          select md5('out-' || k)::uuid::text, 'OUT-B' || lpad(k::text, 7, '0'), supplier_id, 'Bench Bank ···· 0001', currency, b, fee2,
            variant, case when variant = 'rejected' then 'Bench: the bank details need a second look' else '' end,
            case when variant = 'paid' then 'BANK-' || k else '' end, t0 + interval '6 days', t0 + interval '6 days', t0 + interval '4 days',
            t0 + interval '6 days'
          from bench_cycles where variant <> 'refund'`
    })
    await timed(
      `${(CYCLES * ENTRIES_PER_CYCLE).toLocaleString('en')} journal entries`,
      () => sql`
      insert into journal_entries (id, kind, currency, payment_id, refund_id, payout_id, order_id, reference, created_at)
      select md5('je-' || c.k || '-' || t.step)::uuid::text, t.kind, c.currency,
        case when t.kind in ('payment_held', 'payment_released', 'refund_granted', 'refund_sent') then md5('pay-' || c.k)::uuid::text end,
        case when t.kind in ('refund_granted', 'refund_sent') then md5('ref-' || c.k)::uuid::text end,
        case when t.kind like 'payout%' then md5('out-' || c.k)::uuid::text end,
        case when t.kind in ('payment_held', 'payment_released', 'refund_granted') then md5('order-' || c.k)::uuid::text end,
        case t.kind when 'payment_held' then 'TP-BENCH-' || c.k when 'payout_paid' then 'BANK-' || c.k when 'refund_sent' then 'REF-' || c.k
          when 'payment_released' then 'PAY-B' || lpad(c.k::text, 7, '0') when 'refund_granted' then 'PAY-B' || lpad(c.k::text, 7, '0')
          else 'OUT-B' || lpad(c.k::text, 7, '0') end,
        c.t0 + t.step * interval '2 days'
      from bench_cycles c join (select distinct variant, step, kind from bench_template) t on t.variant = c.variant`,
    )
    // A company account's postings carry its running balance and sequence (in time order); the platform's carry neither.
    const [{ count: postingCount } = { count: 0 }] = await sql<Array<{ count: number }>>`select count(*)::int as count from bench_postings`
    await timed(
      `${postingCount.toLocaleString('en')} postings (running balances and sequences by window functions)`,
      () => sql`
      insert into postings (id, entry_id, account_id, amount_minor, balance_after_minor, sequence, created_at)
      select md5(entry_id || '-' || slot)::uuid::text, entry_id, account_id, amount,
        case when organization_id is not null then sum(amount) over w end,
        case when organization_id is not null then row_number() over w end,
        created_at
      from bench_postings
      window w as (partition by account_id order by created_at, entry_id rows between unbounded preceding and current row)`,
    )
    await timed(`${indexes.length} indexes rebuilt`, async () => {
      for (const index of indexes) await sql.unsafe(index.def)
    })
    await sql`drop table bench_postings, bench_cycles, bench_template, bench_companies`
    await sql`set session_replication_role = origin`
    await timed('vacuum analyze', () => sql`vacuum analyze`)
    // The seed's WAL is flushed now, not by a checkpoint in the middle of the timed reads that follow.
    await timed('checkpoint', () => sql`checkpoint`)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

type Books = {
  entries: number
  postings: number
  unbalanced: number
  orphans: number
  negative: number
  drifting: number
  chain: number
  platformMarked: number
  currencies: Array<{ currency: string; total: string }>
}

/** The whole ledger's invariants, from its tables. */
async function books(sql: postgres.Sql): Promise<Books> {
  const [row] = await sql<Array<Omit<Books, 'currencies'>>>`
    select
      (select count(*) from journal_entries)::int as entries,
      (select count(*) from postings)::int as postings,
      (select count(*) from journal_entries e left join (select entry_id, sum(amount_minor) as total, count(*) as n from postings group by entry_id) p
        on p.entry_id = e.id where p.entry_id is null or p.total <> 0 or p.n < 2)::int as unbalanced,
      (select count(*) from postings p where not exists (select 1 from journal_entries e where e.id = p.entry_id)
        or not exists (select 1 from finance_accounts a where a.id = p.account_id))::int as orphans,
      ((select count(*) from finance_accounts where balance_minor < 0) + (select count(*) from postings where balance_after_minor < 0))::int as negative,
      (select count(*) from finance_accounts a left join (select account_id, sum(amount_minor) as total, count(*) as n, max(sequence) as last from postings group by account_id) p
        on p.account_id = a.id
        where a.organization_id is not null
          and (a.balance_minor <> coalesce(p.total, 0) or a.posting_count <> coalesce(p.n, 0) or coalesce(p.last, 0) <> coalesce(p.n, 0)))::int as drifting,
      (select count(*) from (
        select p.balance_after_minor, sum(p.amount_minor) over (partition by p.account_id order by p.sequence) as running
        from postings p join finance_accounts a on a.id = p.account_id where a.organization_id is not null) c
        where c.balance_after_minor is distinct from c.running)::int as chain,
      (select count(*) from postings p join finance_accounts a on a.id = p.account_id
        where a.organization_id is null and (p.sequence is not null or p.balance_after_minor is not null))::int as "platformMarked"`
  const currencies = await sql<Array<{ currency: string; total: string }>>`
    select a.currency, sum(p.amount_minor)::text as total from postings p join finance_accounts a on a.id = p.account_id group by a.currency order by a.currency`
  return { ...row!, currencies }
}

const booksHold = (b: Books) =>
  b.unbalanced === 0 &&
  b.orphans === 0 &&
  b.negative === 0 &&
  b.drifting === 0 &&
  b.chain === 0 &&
  b.platformMarked === 0 &&
  b.currencies.every((c) => c.total === '0')

const booksLine = (b: Books) =>
  `${b.entries.toLocaleString('en')} entries, ${b.postings.toLocaleString('en')} postings: unbalanced ${b.unbalanced}, orphans ${b.orphans}, negative ${b.negative}, ` +
  `balance ≠ postings ${b.drifting}, running balance ≠ running sum ${b.chain}, platform postings with a balance ${b.platformMarked}; ` +
  `per currency ${b.currencies.map((c) => `${c.currency} ${c.total}`).join(', ')}`

async function seed(): Promise<Seeded> {
  const started = performance.now()
  const { companies, seeded, fees } = await seedPeople()
  await seedLedger(companies, fees)
  return { ...seeded, seconds: (performance.now() - started) / 1000 }
}

type Row = [measure: string, measured: string, health: string, target: string, result: string]
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—')
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
const versus = (figure: Measurement, health: Measurement) =>
  `p95 ${(figure.p95 / health.p95).toFixed(1)}× / ${((figure.rps / health.rps) * 100).toFixed(1)}% of req/s`
const figures = (m: Measurement) => `${ms(m.p50)} / ${ms(m.p95)} / ${ms(m.p99)}`

/** One statement the API runs, explained once: its execution time, the indexes it used and any table it scanned. */
async function explain(sql: postgres.Sql, label: string, query: string, params: Array<string | number>): Promise<string> {
  const [row] = await sql.unsafe<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>>(
    `explain (analyze, format json) ${query}`,
    params,
  )
  const plan = row!['QUERY PLAN'][0]!
  const used = new Set<string>()
  const scanned = new Set<string>()
  const walk = (node: PlanNode) => {
    if (node['Index Name']) used.add(node['Index Name'])
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) scanned.add(node['Relation Name'])
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(plan.Plan)
  return `  ${label}: ${plan['Execution Time'].toFixed(2)} ms; indexes ${[...used].join(', ') || 'none'}; sequential scans ${[...scanned].join(', ') || 'none'}`
}
type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] }

const STATEMENT_ROWS_SQL = `
  select p.sequence, p.created_at, e.kind, e.reference, e.order_id, pay.number, pay.order_number, o.number, p.amount_minor, p.balance_after_minor
  from postings p inner join journal_entries e on e.id = p.entry_id
  left join payments pay on pay.id = e.payment_id left join payouts o on o.id = e.payout_id
  where p.account_id = $1 %CURSOR% order by p.sequence desc limit ${PAGE + 1}`

type MoveTally = { requested: number; rejected: number; accepted: number; paid: number; refused: number; errors: Map<string, number>; latencies: number[] }

/**
 * The movers' HTTP client: node:http over keep-alive sockets (one per client, as autocannon holds its connections), far
 * cheaper per request than `fetch` — this process shares the machine's cores with the server and PostgreSQL.
 */
const moverAgent = new http.Agent({ keepAlive: true, maxSockets: WRITE_CLIENTS })

function postJson(url: string, token: string, pathname: string, body: unknown) {
  const begin = performance.now()
  const payload = JSON.stringify(body)
  return new Promise<{ status: number; ms: number; json: { id?: string; code?: string; status?: string } }>((resolve, reject) => {
    const request = http.request(
      `${url}/api/v1${pathname}`,
      {
        method: 'POST',
        agent: moverAgent,
        headers: {
          authorization: `Bearer ${token}`,
          origin: url,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'idempotency-key': randomUUID(),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - begin, json: text ? JSON.parse(text) : {} })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/** One client: asks for a payout, then the admin rejects it — or, one in PAID_EVERY, accepts it and marks it paid. */
async function moverClient(
  url: string,
  token: string,
  adminToken: string,
  bankAccountId: string,
  until: number,
  tally: MoveTally,
  index: number,
): Promise<void> {
  const fail = (label: string, status: number, code?: string) =>
    tally.errors.set(`${label} ${status} ${code ?? ''}`, (tally.errors.get(`${label} ${status} ${code ?? ''}`) ?? 0) + 1)
  for (let round = 0; Date.now() < until; round++) {
    const amount = `${50 + ((index * 7 + round * 13) % 50)}.${String((index * 31 + round * 17) % 100).padStart(2, '0')}`
    const asked = await postJson(url, token, '/finance/payouts', { bank_account_id: bankAccountId, currency: 'USD', amount })
    tally.latencies.push(asked.ms)
    if (asked.status !== 201 || !asked.json.id) {
      if (asked.status === 409 && asked.json.code === 'insufficient_funds') tally.refused += 1
      else fail('request', asked.status, asked.json.code)
      continue
    }
    tally.requested += 1
    const id = asked.json.id
    if ((index + round) % PAID_EVERY === 0) {
      const accepted = await postJson(url, adminToken, `/finance/payouts/${id}/decision`, { decision: 'accept' })
      tally.latencies.push(accepted.ms)
      if (accepted.status !== 200) {
        fail('accept', accepted.status, accepted.json.code)
        continue
      }
      tally.accepted += 1
      const closed = await postJson(url, adminToken, `/finance/payouts/${id}/outcome`, { outcome: 'paid', bank_reference: `BENCH-${index}-${round}` })
      tally.latencies.push(closed.ms)
      if (closed.status === 200) tally.paid += 1
      else fail('paid', closed.status, closed.json.code)
    } else {
      const rejected = await postJson(url, adminToken, `/finance/payouts/${id}/decision`, { decision: 'reject', reason: 'Bench: please check the amount' })
      tally.latencies.push(rejected.ms)
      if (rejected.status === 200) tally.rejected += 1
      else fail('reject', rejected.status, rejected.json.code)
    }
  }
}

/** The same cycles as moverClient through the services in this process: no HTTP, no sign-in, no JSON. */
async function serviceClient(
  finance: typeof FinanceServices,
  owner: ServiceContext,
  admin: ServiceContext,
  bankAccountId: string,
  until: number,
  tally: MoveTally,
  index: number,
): Promise<void> {
  const attempt = async <T>(label: string, work: () => Promise<T>): Promise<T | null> => {
    const begin = performance.now()
    try {
      return await work()
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error instanceof Error ? error.message.slice(0, 80) : String(error))
      if (code === 'insufficient_funds') tally.refused += 1
      else tally.errors.set(`${label} ${code}`, (tally.errors.get(`${label} ${code}`) ?? 0) + 1)
      return null
    } finally {
      tally.latencies.push(performance.now() - begin)
    }
  }
  for (let round = 0; Date.now() < until; round++) {
    const amount = `${50 + ((index * 7 + round * 13) % 50)}.${String((index * 31 + round * 17) % 100).padStart(2, '0')}`
    const asked = await attempt('request', () => finance.requestPayout(owner, { bankAccountId, currency: 'USD', amount }, { idempotencyKey: randomUUID() }))
    if (!asked) continue
    tally.requested += 1
    if ((index + round) % PAID_EVERY === 0) {
      if ((await attempt('accept', () => finance.decidePayout(admin, asked.id, { decision: 'accept' }, { idempotencyKey: randomUUID() }))) === null) continue
      tally.accepted += 1
      const paid = await attempt('paid', () =>
        finance.closePayout(admin, asked.id, { outcome: 'paid', bankReference: `BENCH-IN-${index}-${round}` }, { idempotencyKey: randomUUID() }),
      )
      if (paid !== null) tally.paid += 1
    } else {
      const rejected = await attempt('reject', () =>
        finance.decidePayout(admin, asked.id, { decision: 'reject', reason: 'Bench: please check the amount' }, { idempotencyKey: randomUUID() }),
      )
      if (rejected !== null) tally.rejected += 1
    }
  }
}

/** CPU seconds spent over `count` requests (or entries) in `seconds`: ms each and the share of a core; n/a when unknown. */
const cpuShare = (cpuSeconds: number | null, count: number, seconds: number) =>
  cpuSeconds === null ? 'n/a' : `${((cpuSeconds * 1000) / Math.max(1, count)).toFixed(2)} ms (${((cpuSeconds / seconds) * 100).toFixed(0)}% of a core)`

const errorCount = (errors: Map<string, number>) => [...errors.values()].reduce((sum, n) => sum + n, 0)
const errorLine = (errors: Map<string, number>) => [...errors].map(([label, n]) => `${label.trim()}×${n}`).join(', ')

type StatementPage = { items: Array<{ sequence: number; balance_after: string; amount: string }>; next_cursor: number | null; currency: string }

async function main(): Promise<void> {
  console.log(`bench:finance — load average ${loadAverage()} at start; database ${new URL(DATABASE_URL).pathname.slice(1)}`)
  await recreateDatabase(DATABASE_URL)
  const rows: Row[] = []
  const failures: string[] = []
  const check = (row: Row) => {
    rows.push(row)
    if (row[4] === 'FAIL') failures.push(row[0])
  }
  let seedSeconds = 0
  try {
    console.log('seeding…')
    const seeded = await seed()
    seedSeconds = seeded.seconds
    console.log(`  seeded in ${seedSeconds.toFixed(0)} s`)
    const sql = postgres(DATABASE_URL, { max: 2, onnotice: () => {} })
    try {
      const seedBooks = await books(sql)
      console.log(`  the seeded books: ${booksLine(seedBooks)}`)
      check([
        'seeded books: every entry sums to zero, balances = postings, running balances, currencies sum to 0',
        `${seedBooks.entries.toLocaleString('en')} entries / ${seedBooks.postings.toLocaleString('en')} postings`,
        '',
        'hold',
        verdict(booksHold(seedBooks) && seedBooks.entries === CYCLES * ENTRIES_PER_CYCLE),
      ])
      await measure(sql, seeded, check)
    } finally {
      await sql.end({ timeout: 5 })
    }
  } finally {
    const header: Row = ['measure', 'measured', 'vs /api/health', 'target', 'result']
    const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)))
    console.log(
      `\nResults (PostgreSQL; ${(CYCLES * ENTRIES_PER_CYCLE).toLocaleString('en')} journal entries over ${COMPANIES.toLocaleString('en')} companies; seeded in ${seedSeconds.toFixed(0)} s; load average now ${loadAverage()})`,
    )
    for (const row of [header, ...rows])
      console.log(
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      )
    for (const failure of failures) console.log(`FAIL  ${failure}`)
    if (failures.length === 0 && rows.length > 0) console.log('PASS  every target and invariant')
    if (process.env.BENCH_KEEP === '1') console.log(`kept ${DATABASE_URL} (BENCH_KEEP=1)`)
    else await dropDatabase(DATABASE_URL)
  }
  if (failures.length > 0) process.exitCode = 1
}

async function measure(sql: postgres.Sql, seeded: Seeded, check: (row: Row) => void): Promise<void> {
  const server = await startServer(DATABASE_URL, { AUTH_RATE_LIMIT_MAX: '10000' })
  try {
    const readerToken = await tokenFor(server.url, seeded.reader)
    const adminToken = await tokenFor(server.url, seeded.admin)
    const moverTokens: string[] = []
    for (const mover of seeded.movers) moverTokens.push(await tokenFor(server.url, mover))
    const headers = { authorization: `Bearer ${readerToken}` }

    // The busy company's USD available account: its statement pages, the first and twenty deep ones by cursor.
    const [account] = await sql<Array<{ id: string; count: number }>>`
      select id, posting_count::int as count from finance_accounts where organization_id = ${seeded.busyCompanyId} and kind = 'available' and currency = 'USD'`
    const statementPath = (cursor?: number) => `/api/v1/finance/statement?currency=USD&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`
    const deepCursors = Array.from({ length: DEEP_PAGES }, (_, i) => Math.max(PAGE + 1, Math.floor(account!.count * (0.1 + (0.85 * i) / (DEEP_PAGES - 1)))))
    const first = (await (await fetch(`${server.url}${statementPath()}`, { headers })).json()) as StatementPage
    const deep = (await (await fetch(`${server.url}${statementPath(deepCursors[10])}`, { headers })).json()) as StatementPage
    const [expected] = await sql<Array<{ balance: string }>>`
      select balance_after_minor::text as balance from postings where account_id = ${account!.id} and sequence = ${deepCursors[10]! - 1}`
    const pagesRight =
      first.items.length === PAGE &&
      first.items[0]!.sequence === account!.count &&
      first.next_cursor === account!.count - PAGE + 1 &&
      deep.items.length === PAGE &&
      deep.items[0]!.sequence === deepCursors[10]! - 1 &&
      deep.items[0]!.balance_after.replace('.', '') === expected!.balance.padStart(3, '0')
    console.log(
      `busy company: ${account!.count.toLocaleString('en')} postings on its USD available account; first page ${first.items[0]?.sequence}…${first.items.at(-1)?.sequence} (next_cursor ${first.next_cursor}), deep page at cursor ${deepCursors[10]}: ${deep.items[0]?.sequence}…${deep.items.at(-1)?.sequence}, balance after ${deep.items[0]?.balance_after} (SQL ${expected?.balance} minor)`,
    )

    const reads = [
      { label: 'balances GET /finance/balances', paths: ['/api/v1/finance/balances'], target: TARGETS.balancesP95 },
      { label: 'statement first page (25)', paths: [statementPath()], target: TARGETS.statementP95 },
      { label: `statement deep pages (25, ${DEEP_PAGES} cursors)`, paths: deepCursors.map((cursor) => statementPath(cursor)), target: TARGETS.statementP95 },
    ]
    for (const read of reads) await sequential(server.url, read.paths, headers)

    console.log(`/api/health: 5 s at ${CONNECTIONS} connections (baseline)…`)
    const health = await load(server.url, ['/api/health'], { seconds: 5, connections: CONNECTIONS })
    const healthAlone = await sequential(
      server.url,
      Array.from({ length: 200 }, () => '/api/health'),
    )
    console.log(`  p50 ${ms(health.p50)}, p95 ${ms(health.p95)}, ${health.rps.toFixed(0)} req/s; alone p95 ${ms(healthAlone.p95)}`)
    check([`/api/health, ${CONNECTIONS} connections: p50 / p95 / p99 (baseline)`, figures(health), `${health.rps.toFixed(0)} req/s`, '', ''])
    check(['/api/health, one at a time: p50 / p95 / p99', figures(healthAlone), `${healthAlone.rps.toFixed(0)} req/s`, '', ''])
    for (const read of reads) {
      console.log(`${read.label}: ${READ_SECONDS} s at ${CONNECTIONS} connections, then 200 one at a time…`)
      const loaded = await load(server.url, read.paths, { seconds: READ_SECONDS, connections: CONNECTIONS, headers })
      const alone = await sequential(
        server.url,
        Array.from({ length: 200 }, (_, index) => read.paths[index % read.paths.length]!),
        headers,
      )
      console.log(`  p50 ${ms(loaded.p50)}, p95 ${ms(loaded.p95)}, ${loaded.rps.toFixed(0)} req/s (${statusLine(loaded.statuses)}); alone p95 ${ms(alone.p95)}`)
      const clean = (loaded.statuses.get(200) ?? 0) === loaded.count && (alone.statuses.get(200) ?? 0) === alone.count
      check([`${read.label}, ${CONNECTIONS} connections: p50 / p95 / p99`, figures(loaded), versus(loaded, health), '', clean ? '' : 'FAIL'])
      check([`${read.label}, ${CONNECTIONS} connections: throughput`, `${loaded.rps.toFixed(0)} req/s`, '', '', ''])
      check([
        `${read.label}, one at a time: p50 / p95 / p99`,
        figures(alone),
        `p95 ${(alone.p95 / healthAlone.p95).toFixed(1)}× / ${((alone.rps / healthAlone.rps) * 100).toFixed(1)}% of req/s`,
        `p95 ≤ ${read.target} ms`,
        verdict(alone.p95 <= read.target && clean),
      ])
    }
    check(['statement pages: rows, sequences, cursor and running balance vs SQL', pagesRight ? 'right' : 'wrong', '', 'right', verdict(pagesRight)])

    console.log('the reads’ SQL, once each under EXPLAIN ANALYZE:')
    const busy = seeded.busyCompanyId
    for (const line of [
      await explain(sql, 'balances: the company’s accounts', `select currency, kind, balance_minor from finance_accounts where organization_id = $1`, [busy]),
      await explain(
        sql,
        'balances: incoming escrow',
        `select currency, coalesce(sum(held_minor - released_minor - refunded_minor), 0)::text from payments where supplier_organization_id = $1 and status = 'held' group by currency`,
        [busy],
      ),
      await explain(sql, 'statement: the company’s currencies', `select distinct currency from finance_accounts where organization_id = $1`, [busy]),
      await explain(sql, 'statement: the account', `select id from finance_accounts where organization_id = $1 and kind = $2 and currency = $3`, [
        busy,
        'available',
        'USD',
      ]),
      await explain(sql, 'statement rows, first page', STATEMENT_ROWS_SQL.replace('%CURSOR%', ''), [account!.id]),
      await explain(sql, 'statement rows, deep page', STATEMENT_ROWS_SQL.replace('%CURSOR%', 'and p.sequence < $2'), [account!.id, deepCursors[10]!]),
    ])
      console.log(line)

    // Money moving over the API: payouts asked for, rejected or accepted and paid.
    console.log(`money moving: ${WRITE_CLIENTS} clients over ${seeded.movers.length} companies, payouts asked for and decided, for ${WRITE_SECONDS} s…`)
    const moverIds = seeded.movers.map((mover) => mover.companyId)
    const moneyOf = async () =>
      (
        await sql<Array<{ total: string }>>`
        select coalesce(sum(balance_minor), 0)::text as total from finance_accounts where organization_id in ${sql(moverIds)} and currency = 'USD'`
      )[0]!.total
    const moversBefore = BigInt(await moneyOf())
    const [clock] = await sql<Array<{ now: Date }>>`select now()`
    const writesStarted = clock!.now
    const tally: MoveTally = { requested: 0, rejected: 0, accepted: 0, paid: 0, refused: 0, errors: new Map(), latencies: [] }
    const writeBegin = performance.now()
    const serverCpuBefore = server.cpuSeconds()
    const postgresCpuBefore = postgresCpuSeconds()
    const clientCpuBefore = process.cpuUsage()
    const writeUntil = Date.now() + WRITE_SECONDS * 1000
    await Promise.all(
      Array.from({ length: WRITE_CLIENTS }, (_, index) => {
        const mover = seeded.movers[index % seeded.movers.length]!
        return moverClient(server.url, moverTokens[index % moverTokens.length]!, adminToken, mover.bankAccountId, writeUntil, tally, index)
      }),
    )
    const writeSeconds = (performance.now() - writeBegin) / 1000
    const serverCpu = serverCpuBefore === null ? null : server.cpuSeconds()! - serverCpuBefore
    const postgresCpu = postgresCpuBefore === null ? null : postgresCpuSeconds()! - postgresCpuBefore
    const clientCpu = process.cpuUsage(clientCpuBefore)
    const written = summarize(tally.latencies, writeSeconds)
    const answered = tally.requested + tally.rejected + tally.paid
    const [stored] = await sql<Array<{ entries: number }>>`select count(*)::int as entries from journal_entries where created_at >= ${writesStarted}`
    const entriesPerSecond = stored!.entries / writeSeconds
    console.log(
      `  ${tally.requested} asked, ${tally.rejected} rejected, ${tally.accepted} accepted and ${tally.paid} paid, ${tally.refused} refused; ${stored!.entries} entries (${entriesPerSecond.toFixed(0)}/s); p95 ${ms(written.p95)}`,
    )

    // The same load through the services in this process: what the ledger itself sustains without the HTTP layer.
    console.log(`money moving in-process (services, no HTTP): ${WRITE_CLIENTS} clients for ${INPROCESS_SECONDS} s…`)
    const finance = await import('../app/modules/finance/index.server')
    const { closeDatabase } = await import('../app/platform/db/index.server')
    const adminBase = contextOf(seeded.admin.id, '')
    const adminCtx: ServiceContext = { ...adminBase, actor: { ...adminBase.actor, companyId: null, memberRole: null, platformRole: 'admin' } }
    const [inClock] = await sql<Array<{ now: Date }>>`select now()`
    const inTally: MoveTally = { requested: 0, rejected: 0, accepted: 0, paid: 0, refused: 0, errors: new Map(), latencies: [] }
    const inBegin = performance.now()
    const cpuBefore = process.cpuUsage()
    const inPostgresCpuBefore = postgresCpuSeconds()
    let inPostgresCpu: number | null = null
    const inUntil = Date.now() + INPROCESS_SECONDS * 1000
    try {
      await Promise.all(
        Array.from({ length: WRITE_CLIENTS }, (_, index) => {
          const mover = seeded.movers[index % seeded.movers.length]!
          return serviceClient(finance, contextOf(mover.id, mover.companyId, 'owner'), adminCtx, mover.bankAccountId, inUntil, inTally, index)
        }),
      )
      // Before the pool closes: its backends, started during the run, count from zero and drop out once they end.
      inPostgresCpu = inPostgresCpuBefore === null ? null : postgresCpuSeconds()! - inPostgresCpuBefore
    } finally {
      await closeDatabase()
    }
    const inSeconds = (performance.now() - inBegin) / 1000
    const cpu = process.cpuUsage(cpuBefore)
    const inWritten = summarize(inTally.latencies, inSeconds)
    const [inStored] = await sql<Array<{ entries: number }>>`select count(*)::int as entries from journal_entries where created_at >= ${inClock!.now}`
    const inEntriesPerSecond = inStored!.entries / inSeconds
    // This process's CPU per entry (user + system): what one core of Node would sustain, whatever else runs on the machine.
    const cpuMsPerEntry = (cpu.user + cpu.system) / 1000 / Math.max(1, inStored!.entries)
    console.log(
      `  ${inTally.requested} asked, ${inTally.rejected} rejected, ${inTally.paid} paid, ${inTally.refused} refused; ${inStored!.entries} entries (${inEntriesPerSecond.toFixed(0)}/s); p95 ${ms(inWritten.p95)}`,
    )
    const inErrors = errorCount(inTally.errors)

    const [all] = await sql<Array<{ bank: string; paidOut: string }>>`
      select (select coalesce(sum(p.amount_minor), 0) from postings p join finance_accounts a on a.id = p.account_id
          where a.organization_id is null and a.kind = 'external_bank' and a.currency = 'USD' and p.created_at >= ${writesStarted})::text as bank,
        (select coalesce(sum(amount_minor - fee_minor), 0) from payouts where status = 'paid' and closed_at >= ${writesStarted})::text as "paidOut"`
    const moversAfter = BigInt(await moneyOf())
    const endBooks = await books(sql)
    console.log(`  the books now: ${booksLine(endBooks)}`)
    const writeErrors = errorCount(tally.errors)
    check([
      `money moving (${WRITE_CLIENTS} clients, ${writeSeconds.toFixed(0)} s): journal entries written`,
      `${entriesPerSecond.toFixed(0)} entries/s (${stored!.entries})`,
      `${((written.rps / health.rps) * 100).toFixed(1)}% of req/s`,
      `≥ ${TARGETS.entriesPerSecond} entries/s`,
      verdict(entriesPerSecond >= TARGETS.entriesPerSecond),
    ])
    check([
      'money moving: requests, p50 / p95 / p99',
      `${written.rps.toFixed(0)} req/s, ${figures(written)}`,
      `p95 ${(written.p95 / health.p95).toFixed(1)}×`,
      '',
      '',
    ])
    const requests = tally.latencies.length
    check([
      'money moving: CPU per request — the server process / PostgreSQL (all its processes here) / this client process',
      `${cpuShare(serverCpu, requests, writeSeconds)} / ${cpuShare(postgresCpu, requests, writeSeconds)} / ${((clientCpu.user + clientCpu.system) / 1000 / requests).toFixed(2)} ms`,
      '',
      '',
      '',
    ])
    check([
      'payouts asked / rejected / accepted / paid / refused',
      `${tally.requested} / ${tally.rejected} / ${tally.accepted} / ${tally.paid} / ${tally.refused}`,
      '',
      '',
      '',
    ])
    check(['money moving: errors', `${writeErrors}${writeErrors ? ` (${errorLine(tally.errors)})` : ''}`, '', '0', verdict(writeErrors === 0)])
    check([
      'entries stored vs answered (asked, rejected, paid: one each)',
      `${stored!.entries} vs ${answered}`,
      '',
      'equal',
      verdict(stored!.entries === answered),
    ])
    check([
      `in-process, services without HTTP (${WRITE_CLIENTS} clients, ${inSeconds.toFixed(0)} s): journal entries written`,
      `${inEntriesPerSecond.toFixed(0)} entries/s (${inStored!.entries})`,
      '',
      '(for comparison)',
      '',
    ])
    check(['in-process: calls, p50 / p95 / p99', `${inWritten.rps.toFixed(0)} calls/s, ${figures(inWritten)}`, '', '', ''])
    check([
      'in-process: Node CPU per entry (this process) → entries/s one core would sustain',
      `${cpuMsPerEntry.toFixed(2)} ms → ${(1000 / cpuMsPerEntry).toFixed(0)} entries/s; the process had ${(((cpu.user + cpu.system) / 1e6 / inSeconds) * 100).toFixed(0)}% of a core`,
      '',
      '',
      '',
    ])
    check(['in-process: PostgreSQL CPU per entry (all its processes here)', cpuShare(inPostgresCpu, inStored!.entries, inSeconds), '', '', ''])
    check([
      'in-process: errors; entries stored vs done',
      `${inErrors}${inErrors ? ` (${errorLine(inTally.errors)})` : ''}; ${inStored!.entries} vs ${inTally.requested + inTally.rejected + inTally.paid}`,
      '',
      '0; equal',
      verdict(inErrors === 0 && inStored!.entries === inTally.requested + inTally.rejected + inTally.paid),
    ])
    check(['unbalanced entries (whole ledger)', String(endBooks.unbalanced + endBooks.orphans), '', '0', verdict(endBooks.unbalanced + endBooks.orphans === 0)])
    check(['negative balances (accounts and running balances)', String(endBooks.negative), '', '0', verdict(endBooks.negative === 0)])
    check([
      'company accounts whose balance ≠ sum of postings / running balance ≠ running sum',
      `${endBooks.drifting} / ${endBooks.chain}`,
      '',
      '0 / 0',
      verdict(endBooks.drifting === 0 && endBooks.chain === 0 && endBooks.platformMarked === 0),
    ])
    check([
      'each currency’s postings sum to zero (minor units)',
      endBooks.currencies.map((c) => `${c.currency} ${c.total}`).join(', '),
      '',
      '0',
      verdict(endBooks.currencies.every((c) => c.total === '0')),
    ])
    const reconciled = moversBefore - moversAfter === BigInt(all!.bank) && BigInt(all!.bank) === BigInt(all!.paidOut)
    check([
      'movers’ money down = paid to the bank = payouts paid less fees (USD minor, both runs)',
      `${moversBefore - moversAfter} = ${all!.bank} = ${all!.paidOut}`,
      '',
      'to the cent',
      verdict(reconciled),
    ])
  } finally {
    moverAgent.destroy()
    await server.stop()
  }
}

await main()
