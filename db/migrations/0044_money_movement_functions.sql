-- ADR 059: a money movement is one statement. Each module owns the database functions over its own tables, as it owns
-- its services: the platform claims idempotency keys, the kernel hands out numbers, the ledger posts entries, and the
-- finance module's payout functions compose them. A refusal is raised as `tradeport:<code>` (SQLSTATE P0001) with its
-- parameters as JSON in the detail; the services turn it into the same AppError they threw before.

-- Platform: claims an Idempotency-Key for a resource. Answers null when this call claimed it, the first request's
-- resource id when the same request comes again; refuses a key reused for another request, or one a concurrent request
-- holds (it rolled back between our insert and our read).
CREATE FUNCTION "idempotency_claim"(p_scope text, p_key text, p_fingerprint text, p_resource_id text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  earlier record;
BEGIN
  INSERT INTO idempotency_keys (scope, key, fingerprint, resource_id) VALUES (p_scope, p_key, p_fingerprint, p_resource_id) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT fingerprint, resource_id INTO earlier FROM idempotency_keys WHERE scope = p_scope AND key = p_key;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'tradeport:conflict' USING ERRCODE = 'P0001', DETAIL = '{}';
  END IF;
  IF earlier.fingerprint <> p_fingerprint THEN
    RAISE EXCEPTION 'tradeport:idempotency_key_reused' USING ERRCODE = 'P0001', DETAIL = '{}';
  END IF;
  RETURN earlier.resource_id;
END
$$;--> statement-breakpoint

-- Kernel: the company's next number in a series for a year (`OUT-2026-00042`); the counter row stays locked until the
-- caller's transaction ends, so concurrent callers queue for numbers and a rollback gives the number back.
CREATE FUNCTION "kernel_next_number"(p_organization_id text, p_series text, p_year integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  INSERT INTO order_number_sequences (organization_id, series, year, last_value) VALUES (p_organization_id, p_series, p_year, 1)
  ON CONFLICT (organization_id, series, year) DO UPDATE SET last_value = order_number_sequences.last_value + 1
  RETURNING last_value INTO taken;
  RETURN p_series || '-' || p_year || '-' || lpad(taken::text, greatest(5, length(taken::text)), '0');
END
$$;--> statement-breakpoint

-- Ledger: writes one balanced entry. The postings come as parallel arrays (owner, account kind, amount; a null owner is
-- a platform account). Accounts are made on first use; company accounts are locked in id order (concurrent entries over
-- the same accounts queue instead of deadlocking) and their balances and counts moved; each company posting keeps its
-- running balance and sequence. A company account that would fall below zero trips finance_accounts_balance_check and
-- the whole entry is refused. The entry's own sum is checked at commit by journal_entries_balance.
CREATE FUNCTION "ledger_post_entry"(
  p_entry_id text, p_kind text, p_currency text, p_owners text[], p_account_kinds text[], p_amounts bigint[],
  p_payment_id text, p_refund_id text, p_payout_id text, p_order_id text, p_reference text, p_reverses_entry_id text,
  p_created_by text, p_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_accounts (id, organization_id, kind, currency)
  SELECT gen_random_uuid()::text, wanted.owner, wanted.kind, p_currency
  FROM (SELECT DISTINCT owner, kind FROM unnest(p_owners, p_account_kinds) AS line(owner, kind)) AS wanted
  WHERE NOT EXISTS (
    SELECT 1 FROM finance_accounts AS account
    WHERE coalesce(account.organization_id, '') = coalesce(wanted.owner, '') AND account.kind = wanted.kind AND account.currency = p_currency
  )
  ON CONFLICT DO NOTHING;

  WITH lines AS (
    SELECT line.position, account.id AS account_id, line.amount, line.owner IS NOT NULL AS company
    FROM unnest(p_owners, p_account_kinds, p_amounts) WITH ORDINALITY AS line(owner, kind, amount, position)
    INNER JOIN finance_accounts AS account
      ON coalesce(account.organization_id, '') = coalesce(line.owner, '') AND account.kind = line.kind AND account.currency = p_currency
  ), locked AS MATERIALIZED (
    SELECT id FROM finance_accounts WHERE id IN (SELECT account_id FROM lines WHERE company) ORDER BY id FOR UPDATE
  ), moved AS (
    UPDATE finance_accounts AS account
    SET balance_minor = account.balance_minor + next.delta, posting_count = account.posting_count + next.count
    FROM (SELECT account_id, sum(amount)::bigint AS delta, count(*)::bigint AS count FROM lines WHERE company GROUP BY account_id) AS next
    WHERE account.id = next.account_id AND account.id IN (SELECT id FROM locked)
    RETURNING account.id, account.balance_minor, account.posting_count
  ), entry AS (
    INSERT INTO journal_entries (id, kind, currency, payment_id, refund_id, payout_id, order_id, reference, reverses_entry_id, created_by, created_at)
    VALUES (p_entry_id, p_kind, p_currency, p_payment_id, p_refund_id, p_payout_id, p_order_id, coalesce(p_reference, ''), p_reverses_entry_id, p_created_by, p_at)
  ), running AS (
    SELECT lines.position, lines.account_id, lines.amount,
           sum(lines.amount) OVER (PARTITION BY lines.account_id) AS account_delta,
           sum(lines.amount) OVER (PARTITION BY lines.account_id ORDER BY lines.position ROWS UNBOUNDED PRECEDING) AS running_delta,
           count(*) OVER (PARTITION BY lines.account_id) AS account_count,
           row_number() OVER (PARTITION BY lines.account_id ORDER BY lines.position) AS running_count
    FROM lines
  )
  INSERT INTO postings (id, entry_id, account_id, amount_minor, balance_after_minor, sequence, created_at)
  SELECT gen_random_uuid()::text, p_entry_id, running.account_id, running.amount,
         moved.balance_minor - running.account_delta + running.running_delta,
         moved.posting_count - running.account_count + running.running_count,
         p_at
  FROM running LEFT JOIN moved ON moved.id = running.account_id
  ORDER BY running.position;
END
$$;--> statement-breakpoint

-- Finance: a payout asked for, after the service checked the request (`p_refusal` names what it found wrong, raised
-- after the key's claim so that a retry of an accepted request still answers with it). Claims the key, takes the
-- number, inserts the payout and moves its amount from available to pending payout. Answers the new payout, or the
-- first request's on a retry.
CREATE FUNCTION "finance_request_payout"(
  p_id text, p_organization_id text, p_bank_account_id text, p_bank_account_label text, p_currency text,
  p_amount bigint, p_fee bigint, p_requested_by text, p_refusal text, p_refusal_detail text,
  p_idempotency_scope text, p_idempotency_key text, p_fingerprint text, p_at timestamptz
) RETURNS SETOF payouts LANGUAGE plpgsql AS $$
DECLARE
  earlier text;
  taken text;
BEGIN
  IF p_idempotency_key IS NOT NULL THEN
    earlier := idempotency_claim(p_idempotency_scope, p_idempotency_key, p_fingerprint, p_id);
    IF earlier IS NOT NULL THEN
      RETURN QUERY SELECT * FROM payouts WHERE id = earlier;
      RETURN;
    END IF;
  END IF;
  IF p_refusal IS NOT NULL THEN
    RAISE EXCEPTION 'tradeport:%', p_refusal USING ERRCODE = 'P0001', DETAIL = coalesce(p_refusal_detail, '{}');
  END IF;
  taken := kernel_next_number(p_organization_id, 'OUT', extract(year FROM p_at AT TIME ZONE 'UTC')::integer);
  RETURN QUERY
  INSERT INTO payouts (id, number, organization_id, bank_account_id, bank_account_label, currency, amount_minor, fee_minor, requested_by, created_at, updated_at)
  VALUES (p_id, taken, p_organization_id, p_bank_account_id, p_bank_account_label, p_currency, p_amount, p_fee, p_requested_by, p_at, p_at)
  RETURNING *;
  PERFORM ledger_post_entry(
    gen_random_uuid()::text, 'payout_requested', p_currency,
    ARRAY[p_organization_id, p_organization_id], ARRAY['available', 'pending_payout'], ARRAY[-p_amount, p_amount],
    NULL, NULL, p_id, NULL, taken, NULL, p_requested_by, p_at
  );
END
$$;--> statement-breakpoint

-- Finance: a platform admin's step on a payout (`accept`, `reject`, `paid`, `failed`), once per key. Locks the payout,
-- checks its status, posts the step's entry (rejected or failed: the whole amount back to available; paid: the amount
-- less the fee to the external bank, the fee to the company's fees) and changes the row. Answers the changed payout, or
-- nothing when the key was claimed by an earlier call of the same step.
CREATE FUNCTION "finance_payout_step"(
  p_id text, p_step text, p_reason text, p_bank_reference text, p_actor text,
  p_idempotency_key text, p_fingerprint text, p_at timestamptz
) RETURNS SETOF payouts LANGUAGE plpgsql AS $$
DECLARE
  payout payouts%ROWTYPE;
  expected text := CASE WHEN p_step IN ('accept', 'reject') THEN 'pending' ELSE 'accepted' END;
  next_status text := CASE p_step WHEN 'accept' THEN 'accepted' WHEN 'reject' THEN 'rejected' ELSE p_step END;
BEGIN
  IF p_idempotency_key IS NOT NULL AND idempotency_claim('payout-step:' || p_id, p_idempotency_key, p_fingerprint, p_id) IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT * INTO payout FROM payouts WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'tradeport:not_found' USING ERRCODE = 'P0001', DETAIL = '{}';
  END IF;
  IF payout.status <> expected THEN
    RAISE EXCEPTION 'tradeport:invalid_transition' USING ERRCODE = 'P0001',
      DETAIL = json_build_object('action', CASE p_step WHEN 'accept' THEN 'accepted' WHEN 'reject' THEN 'rejected' ELSE p_step END, 'status', payout.status)::text;
  END IF;
  IF p_step IN ('reject', 'failed') THEN
    PERFORM ledger_post_entry(
      gen_random_uuid()::text, 'payout_' || next_status, payout.currency,
      ARRAY[payout.organization_id, payout.organization_id], ARRAY['pending_payout', 'available'], ARRAY[-payout.amount_minor, payout.amount_minor],
      NULL, NULL, payout.id, NULL, payout.number, NULL, p_actor, p_at
    );
  ELSIF p_step = 'paid' THEN
    PERFORM ledger_post_entry(
      gen_random_uuid()::text, 'payout_paid', payout.currency,
      CASE WHEN payout.fee_minor > 0 THEN ARRAY[payout.organization_id, NULL, payout.organization_id] ELSE ARRAY[payout.organization_id, NULL] END,
      CASE WHEN payout.fee_minor > 0 THEN ARRAY['pending_payout', 'external_bank', 'fees'] ELSE ARRAY['pending_payout', 'external_bank'] END,
      CASE WHEN payout.fee_minor > 0 THEN ARRAY[-payout.amount_minor, payout.amount_minor - payout.fee_minor, payout.fee_minor]
           ELSE ARRAY[-payout.amount_minor, payout.amount_minor] END,
      NULL, NULL, payout.id, NULL, p_bank_reference, NULL, p_actor, p_at
    );
  END IF;
  RETURN QUERY
  UPDATE payouts SET
    status = next_status,
    reason = CASE WHEN p_step IN ('reject', 'failed') THEN p_reason ELSE payouts.reason END,
    bank_reference = CASE WHEN p_step = 'paid' THEN p_bank_reference ELSE payouts.bank_reference END,
    decided_by = CASE WHEN p_step IN ('accept', 'reject') THEN p_actor ELSE payouts.decided_by END,
    decided_at = CASE WHEN p_step IN ('accept', 'reject') THEN p_at ELSE payouts.decided_at END,
    closed_at = CASE WHEN p_step = 'accept' THEN payouts.closed_at ELSE p_at END,
    updated_at = p_at,
    version = payouts.version + 1
  WHERE id = p_id
  RETURNING *;
END
$$;
