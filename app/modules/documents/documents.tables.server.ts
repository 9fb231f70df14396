import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import type { DocumentContent } from './document-content'
import { DOCUMENT_LANGUAGES, DOCUMENT_SOURCES, DOCUMENT_STATUSES, DOCUMENT_TYPES } from './documents.constants'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * A business document of the company that wrote it, made from one of its records (an order, a shipment, a quotation:
 * other modules' records, named by kind, id and number — no foreign key across modules) for the counterparty, who may
 * accept or reject it. What it says lives in its versions; the row holds its lifecycle.
 */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('draft'),
    sourceKind: text('source_kind', { enum: DOCUMENT_SOURCES }).notNull(),
    sourceId: text('source_id').notNull(),
    sourceNumber: text('source_number').notNull(),
    /** The purchase orders the record is (an order) or carries (a shipment): their timelines hear of the document. */
    orderIds: text('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    counterpartyCompanyId: text('counterparty_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    counterpartyName: text('counterparty_name').notNull(),
    language: text('language', { enum: DOCUMENT_LANGUAGES }).notNull().default('en'),
    /** The code the PDF's QR opens (`/view?verify=…`): anyone holding the paper checks it against the issued versions. */
    verifyCode: text('verify_code').notNull(),
    /** The latest version (the writer's; the counterparty reads the latest issued one). */
    currentVersion: integer('current_version').notNull().default(1),
    /** When a version was first issued: from then on the counterparty sees the document, even while a new version is drafted. */
    firstIssuedAt: timestamp('first_issued_at', { withTimezone: true }),
    /** The counterparty's answer to the issued version: who, why, and the hash of the PDF they answered. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByName: text('decided_by_name').notNull().default(''),
    decisionReason: text('decision_reason').notNull().default(''),
    decisionSha256: text('decision_sha256'),
    voidReason: text('void_reason').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The optimistic lock: a write names the version it saw. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('documents_organization_number_key').on(t.organizationId, t.number),
    uniqueIndex('documents_verify_code_key').on(t.verifyCode),
    index('documents_organization_created_idx').on(t.organizationId, t.createdAt),
    index('documents_organization_type_status_idx').on(t.organizationId, t.type, t.status, t.createdAt),
    index('documents_counterparty_status_idx').on(t.counterpartyCompanyId, t.status, t.createdAt),
    index('documents_source_idx').on(t.sourceKind, t.sourceId),
    check('documents_type_check', sql`${t.type} in (${oneOf(DOCUMENT_TYPES)})`),
    check('documents_status_check', sql`${t.status} in (${oneOf(DOCUMENT_STATUSES)})`),
    check('documents_source_kind_check', sql`${t.sourceKind} in (${oneOf(DOCUMENT_SOURCES)})`),
    check('documents_language_check', sql`${t.language} in (${oneOf(DOCUMENT_LANGUAGES)})`),
  ],
)

/** Every version of a document, kept: a draft is edited in place; an issued document changes only by a new version. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    content: jsonb('content').$type<DocumentContent>().notNull(),
    /** The SHA-256 of the PDF as issued (hex); null while a draft. */
    pdfSha256: text('pdf_sha256'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_versions_document_number_key').on(t.documentId, t.number)],
)

/** What happened to a document, for its activity list: created, edited, issued, shared, accepted, rejected, voided. */
export const documentEvents = pgTable(
  'document_events',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    versionNumber: integer('version_number'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted when no user did (a counterparty answering through a share link). */
    actorName: text('actor_name').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('document_events_document_created_idx').on(t.documentId, t.createdAt)],
)

/** A link that shows the document without an account: only the token's hash is stored. */
export const documentShares = pgTable(
  'document_shares',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    tokenSha256: text('token_sha256').notNull(),
    passwordHash: text('password_hash'),
    /** Who the link is for, as its creator notes it ("Bank of Ningbo, L/C desk"). */
    label: text('label').notNull().default(''),
    /** Whether the visitor may accept or reject for the counterparty (a link for a bank or a broker only shows). */
    canDecide: boolean('can_decide').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_shares_token_key').on(t.tokenSha256), index('document_shares_document_idx').on(t.documentId, t.createdAt)],
)

/** Each opening of a share link: when, and a digest of who (never the address itself). */
export const documentShareViews = pgTable(
  'document_share_views',
  {
    id: text('id').primaryKey(),
    shareId: text('share_id')
      .notNull()
      .references(() => documentShares.id, { onDelete: 'cascade' }),
    visitorDigest: text('visitor_digest').notNull().default(''),
    versionNumber: integer('version_number').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_share_views_share_idx').on(t.shareId, t.viewedAt)],
)

export const DOCUMENT_BATCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const

/**
 * "All documents for this shipment": one background job renders each document's PDF into a zip, counting as it goes
 * (the page shows the progress); the zip's bytes sit in file storage under `storageKey` until the batch is removed.
 */
export const documentBatches = pgTable(
  'document_batches',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind', { enum: DOCUMENT_SOURCES }).notNull(),
    sourceId: text('source_id').notNull(),
    sourceNumber: text('source_number').notNull(),
    status: text('status', { enum: DOCUMENT_BATCH_STATUSES }).notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    error: text('error').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('document_batches_organization_source_idx').on(t.organizationId, t.sourceKind, t.sourceId, t.createdAt),
    check('document_batches_status_check', sql`${t.status} in (${oneOf(DOCUMENT_BATCH_STATUSES)})`),
  ],
)
