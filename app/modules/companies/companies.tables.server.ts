import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sessions, users } from '../identity/identity.tables.server'
import { files } from '../kernel/kernel.tables.server'
import {
  ADDRESS_TYPES,
  APPLICATION_STATUSES,
  COMPANY_KINDS,
  COMPANY_SIZES,
  INVITATION_STATUSES,
  MEMBER_ROLES,
  SUPPLIER_TYPES,
  VERIFICATION_STATUSES,
  type LocalizedText,
} from './companies.constants'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** A company: Better Auth's organization shape, written by hand (ADR 011). Deleting sets deleted_at; purge after 30 days. */
export const organizations = pgTable(
  'organizations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logoFileId: text('logo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_slug_key').on(t.slug),
    index('organizations_purge_after_idx').on(t.purgeAfter),
    // The supplier directory's name search (lower(name) like '%…%').
    index('organizations_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
)

export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    /** The member hid the getting-started guide from the sidebar (they can show it again). */
    guideDismissedAt: timestamp('guide_dismissed_at', { withTimezone: true }),
    /** Every step of the guide was first seen done: the sidebar stops computing it for this member. */
    guideCompletedAt: timestamp('guide_completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('members_organization_user_key').on(t.organizationId, t.userId),
    index('members_user_id_idx').on(t.userId),
    check('members_role_check', sql`${t.role} in (${oneOf(MEMBER_ROLES)})`),
  ],
)

/** Stored statuses; `expired` is derived from expires_at while pending. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    /** SHA-256 of the secret in the mailed link; the secret itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    locale: text('locale').notNull().default('en'),
    inviterId: text('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_one_pending_per_email_key')
      .on(t.organizationId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index('invitations_organization_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('invitations_email_status_idx').on(t.email, t.status),
    check('invitations_role_check', sql`${t.role} in ('admin', 'member')`),
    check('invitations_status_check', sql`${t.status} in (${oneOf(INVITATION_STATUSES)})`),
  ],
)

export const companyProfiles = pgTable(
  'company_profiles',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: COMPANY_KINDS }).notNull(),
    /** Service providers say which services; empty otherwise. */
    services: jsonb('services').$type<string[]>().notNull().default([]),
    legalName: text('legal_name').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull().default(''),
    website: text('website'),
    size: text('size', { enum: COMPANY_SIZES }),
    yearFounded: integer('year_founded'),
    mainProducts: jsonb('main_products').$type<string[]>().notNull().default([]),
    mainMarkets: jsonb('main_markets').$type<string[]>().notNull().default([]),
    description: jsonb('description').$type<LocalizedText>().notNull().default({}),
    supplierType: text('supplier_type', { enum: SUPPLIER_TYPES }),
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    exportMarkets: jsonb('export_markets').$type<string[]>().notNull().default([]),
    factoryPhotoFileIds: jsonb('factory_photo_file_ids').$type<string[]>().notNull().default([]),
    /** The wide picture across the top of the public profile (a public `banner` file of the company). */
    bannerFileId: text('banner_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    verificationStatus: text('verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('unverified'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('company_profiles_kind_idx').on(t.kind),
    index('company_profiles_country_idx').on(t.country),
    index('company_profiles_verification_status_idx').on(t.verificationStatus),
    index('company_profiles_supplier_type_idx').on(t.supplierType),
    // The supplier directory's search over main products (lower(main_products::text) like '%…%').
    index('company_profiles_main_products_trgm_idx').using('gin', sql`lower(${t.mainProducts}::text) gin_trgm_ops`),
    check('company_profiles_kind_check', sql`${t.kind} in (${oneOf(COMPANY_KINDS)})`),
    check('company_profiles_verification_status_check', sql`${t.verificationStatus} in (${oneOf(VERIFICATION_STATUSES)})`),
  ],
)

export const certifications = pgTable(
  'certifications',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull().default(''),
    certificateNumber: text('certificate_number').notNull().default(''),
    validUntil: date('valid_until'),
    fileId: text('file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('certifications_organization_idx').on(t.organizationId, t.name)],
)

export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ADDRESS_TYPES }).notNull(),
    label: text('label').notNull(),
    recipient: text('recipient').notNull().default(''),
    phone: text('phone').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_organization_type_idx').on(t.organizationId, t.type, t.label),
    uniqueIndex('addresses_one_default_per_type_key')
      .on(t.organizationId, t.type)
      .where(sql`${t.isDefault}`),
    check('addresses_type_check', sql`${t.type} in (${oneOf(ADDRESS_TYPES)})`),
  ],
)

export const supplierApplications = pgTable(
  'supplier_applications',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    supplierType: text('supplier_type', { enum: SUPPLIER_TYPES }).notNull(),
    documentFileIds: jsonb('document_file_ids').$type<string[]>().notNull().default([]),
    message: text('message').notNull().default(''),
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
  },
  (t) => [
    index('supplier_applications_status_submitted_idx').on(t.status, t.submittedAt),
    index('supplier_applications_organization_idx').on(t.organizationId, t.submittedAt),
    uniqueIndex('supplier_applications_one_pending_key')
      .on(t.organizationId)
      .where(sql`${t.status} = 'pending'`),
    check('supplier_applications_status_check', sql`${t.status} in (${oneOf(APPLICATION_STATUSES)})`),
  ],
)

/** The company a session acts for (§ the active company is part of the session). */
export const activeCompanies = pgTable('active_companies', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  updatedAt: updatedAt(),
})
