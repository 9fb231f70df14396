-- ADR 060: the payout functions' journal entries take time-ordered ids (`platform_time_ordered_uuid()`, migration 0045),
-- as postings do and as the entries and payouts written from TypeScript do (`timeOrderedUuid()`): inserts into the
-- entries' primary key go to its right-hand edge instead of a random page.

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
