import uiEn from '../../components/ui/messages/en.json'
import uiZhHans from '../../components/ui/messages/zh-Hans.json'
import uiZhHant from '../../components/ui/messages/zh-Hant.json'
import identityEn from '../../modules/identity/messages/en.json'
import identityZhHans from '../../modules/identity/messages/zh-Hans.json'
import identityZhHant from '../../modules/identity/messages/zh-Hant.json'
import companiesEn from '../../modules/companies/messages/companies/en.json'
import companiesZhHans from '../../modules/companies/messages/companies/zh-Hans.json'
import companiesZhHant from '../../modules/companies/messages/companies/zh-Hant.json'
import teamEn from '../../modules/companies/messages/team/en.json'
import teamZhHans from '../../modules/companies/messages/team/zh-Hans.json'
import teamZhHant from '../../modules/companies/messages/team/zh-Hant.json'
import addressesEn from '../../modules/companies/messages/addresses/en.json'
import addressesZhHans from '../../modules/companies/messages/addresses/zh-Hans.json'
import addressesZhHant from '../../modules/companies/messages/addresses/zh-Hant.json'
import suppliersEn from '../../modules/companies/messages/suppliers/en.json'
import suppliersZhHans from '../../modules/companies/messages/suppliers/zh-Hans.json'
import suppliersZhHant from '../../modules/companies/messages/suppliers/zh-Hant.json'
import adminEn from '../../modules/companies/messages/admin/en.json'
import adminZhHans from '../../modules/companies/messages/admin/zh-Hans.json'
import adminZhHant from '../../modules/companies/messages/admin/zh-Hant.json'
import catalogEn from '../../modules/catalog/messages/catalog/en.json'
import catalogZhHans from '../../modules/catalog/messages/catalog/zh-Hans.json'
import catalogZhHant from '../../modules/catalog/messages/catalog/zh-Hant.json'
import pricingEn from '../../modules/catalog/messages/pricing/en.json'
import pricingZhHans from '../../modules/catalog/messages/pricing/zh-Hans.json'
import pricingZhHant from '../../modules/catalog/messages/pricing/zh-Hant.json'
import marketplaceEn from '../../modules/catalog/messages/marketplace/en.json'
import marketplaceZhHans from '../../modules/catalog/messages/marketplace/zh-Hans.json'
import marketplaceZhHant from '../../modules/catalog/messages/marketplace/zh-Hant.json'
import directoryEn from '../../modules/catalog/messages/directory/en.json'
import directoryZhHans from '../../modules/catalog/messages/directory/zh-Hans.json'
import directoryZhHant from '../../modules/catalog/messages/directory/zh-Hant.json'
import productImportEn from '../../modules/catalog/messages/productImport/en.json'
import productImportZhHans from '../../modules/catalog/messages/productImport/zh-Hans.json'
import productImportZhHant from '../../modules/catalog/messages/productImport/zh-Hant.json'
import type { Locale } from './locales'
import commonEn from './messages/en.json'
import commonZhHans from './messages/zh-Hans.json'
import commonZhHant from './messages/zh-Hant.json'

/** Every message catalog, by locale and namespace. Server-only: pages receive just their locale's part. */
export const CATALOGS = {
  en: { common: commonEn, ui: uiEn, identity: identityEn, companies: companiesEn, team: teamEn, addresses: addressesEn, suppliers: suppliersEn, admin: adminEn, catalog: catalogEn, pricing: pricingEn, marketplace: marketplaceEn, directory: directoryEn, productImport: productImportEn },
  'zh-Hans': { common: commonZhHans, ui: uiZhHans, identity: identityZhHans, companies: companiesZhHans, team: teamZhHans, addresses: addressesZhHans, suppliers: suppliersZhHans, admin: adminZhHans, catalog: catalogZhHans, pricing: pricingZhHans, marketplace: marketplaceZhHans, directory: directoryZhHans, productImport: productImportZhHans },
  'zh-Hant': { common: commonZhHant, ui: uiZhHant, identity: identityZhHant, companies: companiesZhHant, team: teamZhHant, addresses: addressesZhHant, suppliers: suppliersZhHant, admin: adminZhHant, catalog: catalogZhHant, pricing: pricingZhHant, marketplace: marketplaceZhHant, directory: directoryZhHant, productImport: productImportZhHant },
} satisfies Record<Locale, Record<string, unknown>>

export type Namespace = keyof (typeof CATALOGS)['en']
export const NAMESPACES = Object.keys(CATALOGS.en) as Namespace[]
export type LocaleResources = (typeof CATALOGS)['en']
