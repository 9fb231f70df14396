// Read models that companies publishes (issue 17, ADR 036): the columns other modules may join, filter and sort on in
// one statement (marketplace search, the supplier directory, reports). Tables stay private; a view is the contract,
// created by migration 0019. PostgreSQL and PGlite inline these simple views, so a query on one plans like the join
// it replaces (a left join whose columns a query does not use is removed).
import { integer, jsonb, pgView, text, timestamp } from 'drizzle-orm/pg-core'
import { COMPANY_KINDS, COMPANY_SIZES, MEMBER_ROLES, SUPPLIER_TYPES, VERIFICATION_STATUSES, type LocalizedText } from './companies.constants'

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A company as others may show and find it: its organization and profile (every company has both, written together),
 * with its logo and banner only when the file really is one (logos and banners are public imagery). `updated_at` is
 * when either last changed.
 */
export const publicCompanyCards = pgView('public_company_cards', {
  id: text('id').notNull(),
  name: text('name').notNull(),
  logoFileId: text('logo_file_id'),
  bannerFileId: text('banner_file_id'),
  kind: text('kind', { enum: COMPANY_KINDS }).notNull(),
  services: jsonb('services').$type<string[]>().notNull(),
  country: text('country').notNull(),
  city: text('city').notNull(),
  website: text('website'),
  size: text('size', { enum: COMPANY_SIZES }),
  yearFounded: integer('year_founded'),
  mainProducts: jsonb('main_products').$type<string[]>().notNull(),
  mainMarkets: jsonb('main_markets').$type<string[]>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  supplierType: text('supplier_type', { enum: SUPPLIER_TYPES }),
  capabilities: jsonb('capabilities').$type<string[]>().notNull(),
  exportMarkets: jsonb('export_markets').$type<string[]>().notNull(),
  factoryPhotoFileIds: jsonb('factory_photo_file_ids').$type<string[]>().notNull(),
  verificationStatus: text('verification_status', { enum: VERIFICATION_STATUSES }).notNull(),
  verifiedAt: at('verified_at'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  deletedAt: at('deleted_at'),
}).existing()

/** Who belongs to which company, in which role: for modules that scope their records (channels, conversations) by membership. */
export const companyMemberships = pgView('company_memberships', {
  companyId: text('company_id').notNull(),
  userId: text('user_id').notNull(),
  role: text('role', { enum: MEMBER_ROLES }).notNull(),
  createdAt: at('created_at').notNull(),
}).existing()
