-- ADR 060: journal entries and postings take time-ordered ids (UUID version 7: 48 bits of Unix milliseconds, then
-- random bits). Random ids sent every insert into the primary keys (and into postings' entry index) to a random leaf
-- page; with millions of rows most of those pages are not in shared buffers, so each insert read one in and wrote
-- another out, and after a checkpoint logged it whole. Ordered ids go to the right-hand edge of those indexes. The ids
-- stay UUIDs in text, unique by their random bits; nothing reads an order into them.

-- Platform: a UUID version 7 as text, e.g. `0193a4c2-5f1e-7b3a-9c4d-2e8f0a1b2c3d`.
CREATE FUNCTION "platform_time_ordered_uuid"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid::text
$$;--> statement-breakpoint

-- The ledger's postings (otherwise as migration 0045).
CREATE OR REPLACE FUNCTION "ledger_post_entry"(
  p_entry_id text, p_kind text, p_currency text, p_owners text[], p_account_kinds text[], p_amounts bigint[],
  p_payment_id text, p_refund_id text, p_payout_id text, p_order_id text, p_reference text, p_reverses_entry_id text,
  p_created_by text, p_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lines integer := coalesce(array_length(p_amounts, 1), 0);
  -- Per line: its account; the running balance and sequence it stores (null for platform accounts).
  account_ids text[] := '{}';
  balances bigint[] := array_fill(NULL::bigint, ARRAY[lines]);
  counts bigint[] := array_fill(NULL::bigint, ARRAY[lines]);
  -- Per company account, at the position of its first line: its balance and posting count so far.
  held bigint[] := '{}';
  held_count bigint[] := '{}';
  taken text;
  before_balance bigint;
  before_count bigint;
  moved record;
  position integer;
  home integer;
BEGIN
  FOR position IN 1..lines LOOP
    SELECT id INTO taken FROM finance_accounts
    WHERE coalesce(organization_id, '') = coalesce(p_owners[position], '') AND kind = p_account_kinds[position] AND currency = p_currency;
    IF NOT FOUND THEN
      INSERT INTO finance_accounts (id, organization_id, kind, currency)
      VALUES (gen_random_uuid()::text, p_owners[position], p_account_kinds[position], p_currency)
      ON CONFLICT DO NOTHING;
      SELECT id INTO taken FROM finance_accounts
      WHERE coalesce(organization_id, '') = coalesce(p_owners[position], '') AND kind = p_account_kinds[position] AND currency = p_currency;
    END IF;
    account_ids[position] := taken;
  END LOOP;

  INSERT INTO journal_entries (id, kind, currency, payment_id, refund_id, payout_id, order_id, reference, reverses_entry_id, created_by, created_at)
  VALUES (p_entry_id, p_kind, p_currency, p_payment_id, p_refund_id, p_payout_id, p_order_id, coalesce(p_reference, ''), p_reverses_entry_id, p_created_by, p_at);

  -- Company accounts, each once and in id order, so concurrent entries over the same accounts queue instead of
  -- deadlocking; what each held before this entry starts its postings' running balance and sequence.
  FOR moved IN
    SELECT line.account_id, sum(line.amount)::bigint AS delta, count(*)::bigint AS n
    FROM unnest(account_ids, p_amounts, p_owners) AS line(account_id, amount, owner)
    WHERE line.owner IS NOT NULL
    GROUP BY line.account_id ORDER BY line.account_id
  LOOP
    UPDATE finance_accounts SET balance_minor = balance_minor + moved.delta, posting_count = posting_count + moved.n
    WHERE id = moved.account_id
    RETURNING balance_minor - moved.delta, posting_count - moved.n INTO before_balance, before_count;
    home := array_position(account_ids, moved.account_id);
    held[home] := before_balance;
    held_count[home] := before_count;
  END LOOP;

  -- Running balance and sequence per company posting, in the entry's order; platform postings carry neither.
  FOR position IN 1..lines LOOP
    IF p_owners[position] IS NOT NULL THEN
      home := array_position(account_ids, account_ids[position]);
      held[home] := held[home] + p_amounts[position];
      held_count[home] := held_count[home] + 1;
      balances[position] := held[home];
      counts[position] := held_count[home];
    END IF;
  END LOOP;

  INSERT INTO postings (id, entry_id, account_id, amount_minor, balance_after_minor, sequence, created_at)
  SELECT platform_time_ordered_uuid(), p_entry_id, line.account_id, line.amount, line.balance, line.sequence, p_at
  FROM unnest(account_ids, p_amounts, balances, counts) WITH ORDINALITY AS line(account_id, amount, balance, sequence, position)
  ORDER BY line.position;
END
$$;--> statement-breakpoint

-- Finance: the payout functions' entries (otherwise as migration 0044).
CREATE OR REPLACE FUNCTION "finance_request_payout"(
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
    platform_time_ordered_uuid(), 'payout_requested', p_currency,
    ARRAY[p_organization_id, p_organization_id], ARRAY['available', 'pending_payout'], ARRAY[-p_amount, p_amount],
    NULL, NULL, p_id, NULL, taken, NULL, p_requested_by, p_at
  );
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "finance_payout_step"(
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
      platform_time_ordered_uuid(), 'payout_' || next_status, payout.currency,
      ARRAY[payout.organization_id, payout.organization_id], ARRAY['pending_payout', 'available'], ARRAY[-payout.amount_minor, payout.amount_minor],
      NULL, NULL, payout.id, NULL, payout.number, NULL, p_actor, p_at
    );
  ELSIF p_step = 'paid' THEN
    PERFORM ledger_post_entry(
      platform_time_ordered_uuid(), 'payout_paid', payout.currency,
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
