import uiEn from '../../components/ui/messages/en.json'
import uiZhHans from '../../components/ui/messages/zh-Hans.json'
import uiZhHant from '../../components/ui/messages/zh-Hant.json'
import billingEn from '../../modules/billing/messages/billing/en.json'
import billingZhHans from '../../modules/billing/messages/billing/zh-Hans.json'
import billingZhHant from '../../modules/billing/messages/billing/zh-Hant.json'
import planAdminEn from '../../modules/billing/messages/planAdmin/en.json'
import planAdminZhHans from '../../modules/billing/messages/planAdmin/zh-Hans.json'
import planAdminZhHant from '../../modules/billing/messages/planAdmin/zh-Hant.json'
import plansEn from '../../modules/billing/messages/plans/en.json'
import plansZhHans from '../../modules/billing/messages/plans/zh-Hans.json'
import plansZhHant from '../../modules/billing/messages/plans/zh-Hant.json'
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
import notificationsEn from '../../modules/kernel/messages/notifications/en.json'
import notificationsZhHans from '../../modules/kernel/messages/notifications/zh-Hans.json'
import notificationsZhHant from '../../modules/kernel/messages/notifications/zh-Hant.json'
import ordersEn from '../../modules/orders/messages/orders/en.json'
import ordersZhHans from '../../modules/orders/messages/orders/zh-Hans.json'
import ordersZhHant from '../../modules/orders/messages/orders/zh-Hant.json'
import servicesEn from '../../modules/orders/messages/services/en.json'
import servicesZhHans from '../../modules/orders/messages/services/zh-Hans.json'
import servicesZhHant from '../../modules/orders/messages/services/zh-Hant.json'
import offeringsEn from '../../modules/orders/messages/offerings/en.json'
import offeringsZhHans from '../../modules/orders/messages/offerings/zh-Hans.json'
import offeringsZhHant from '../../modules/orders/messages/offerings/zh-Hant.json'
import fulfilmentEn from '../../modules/orders/messages/fulfilment/en.json'
import fulfilmentZhHans from '../../modules/orders/messages/fulfilment/zh-Hans.json'
import fulfilmentZhHant from '../../modules/orders/messages/fulfilment/zh-Hant.json'
import projectsEn from '../../modules/sourcing/messages/projects/en.json'
import projectsZhHans from '../../modules/sourcing/messages/projects/zh-Hans.json'
import projectsZhHant from '../../modules/sourcing/messages/projects/zh-Hant.json'
import rfqsEn from '../../modules/sourcing/messages/rfqs/en.json'
import rfqsZhHans from '../../modules/sourcing/messages/rfqs/zh-Hans.json'
import rfqsZhHant from '../../modules/sourcing/messages/rfqs/zh-Hant.json'
import quotationsEn from '../../modules/sourcing/messages/quotations/en.json'
import quotationsZhHans from '../../modules/sourcing/messages/quotations/zh-Hans.json'
import quotationsZhHant from '../../modules/sourcing/messages/quotations/zh-Hant.json'
import comparisonEn from '../../modules/sourcing/messages/comparison/en.json'
import comparisonZhHans from '../../modules/sourcing/messages/comparison/zh-Hans.json'
import comparisonZhHant from '../../modules/sourcing/messages/comparison/zh-Hant.json'
import sourcingEn from '../../modules/sourcing/messages/sourcing/en.json'
import sourcingZhHans from '../../modules/sourcing/messages/sourcing/zh-Hans.json'
import sourcingZhHant from '../../modules/sourcing/messages/sourcing/zh-Hant.json'
import messagingEn from '../../modules/messaging/messages/messaging/en.json'
import messagingZhHans from '../../modules/messaging/messages/messaging/zh-Hans.json'
import messagingZhHant from '../../modules/messaging/messages/messaging/zh-Hant.json'
import chatEn from '../../modules/messaging/messages/chat/en.json'
import chatZhHans from '../../modules/messaging/messages/chat/zh-Hans.json'
import chatZhHant from '../../modules/messaging/messages/chat/zh-Hant.json'
import documentsEn from '../../modules/documents/messages/documents/en.json'
import documentsZhHans from '../../modules/documents/messages/documents/zh-Hans.json'
import documentsZhHant from '../../modules/documents/messages/documents/zh-Hant.json'
import financeEn from '../../modules/finance/messages/finance/en.json'
import financeZhHans from '../../modules/finance/messages/finance/zh-Hans.json'
import financeZhHant from '../../modules/finance/messages/finance/zh-Hant.json'
import financeSetupEn from '../../modules/finance/messages/financeSetup/en.json'
import financeSetupZhHans from '../../modules/finance/messages/financeSetup/zh-Hans.json'
import financeSetupZhHant from '../../modules/finance/messages/financeSetup/zh-Hant.json'
import financePapersEn from '../../modules/finance/messages/financePapers/en.json'
import financePapersZhHans from '../../modules/finance/messages/financePapers/zh-Hans.json'
import financePapersZhHant from '../../modules/finance/messages/financePapers/zh-Hant.json'
import logisticsEn from '../../modules/logistics/messages/logistics/en.json'
import logisticsZhHans from '../../modules/logistics/messages/logistics/zh-Hans.json'
import logisticsZhHant from '../../modules/logistics/messages/logistics/zh-Hant.json'
import inventoryEn from '../../modules/inventory/messages/inventory/en.json'
import inventoryZhHans from '../../modules/inventory/messages/inventory/zh-Hans.json'
import inventoryZhHant from '../../modules/inventory/messages/inventory/zh-Hant.json'
import dashboardEn from '../../workflows/dashboard/messages/en.json'
import functionsEn from '../../workflows/functions/messages/en.json'
import functionsZhHans from '../../workflows/functions/messages/zh-Hans.json'
import functionsZhHant from '../../workflows/functions/messages/zh-Hant.json'
import developersEn from '../../modules/developers/messages/developers/en.json'
import developersZhHans from '../../modules/developers/messages/developers/zh-Hans.json'
import developersZhHant from '../../modules/developers/messages/developers/zh-Hant.json'
import dashboardZhHans from '../../workflows/dashboard/messages/zh-Hans.json'
import dashboardZhHant from '../../workflows/dashboard/messages/zh-Hant.json'
import guideEn from '../../workflows/guide/messages/en.json'
import guideZhHans from '../../workflows/guide/messages/zh-Hans.json'
import guideZhHant from '../../workflows/guide/messages/zh-Hant.json'
import supplierHomeEn from '../../workflows/supplier-home/messages/en.json'
import supplierHomeZhHans from '../../workflows/supplier-home/messages/zh-Hans.json'
import supplierHomeZhHant from '../../workflows/supplier-home/messages/zh-Hant.json'
import routeCheckEn from '../../workflows/route-check/messages/en.json'
import routeCheckZhHans from '../../workflows/route-check/messages/zh-Hans.json'
import routeCheckZhHant from '../../workflows/route-check/messages/zh-Hant.json'
import jobsEn from '../jobs/messages/en.json'
import jobsZhHans from '../jobs/messages/zh-Hans.json'
import jobsZhHant from '../jobs/messages/zh-Hant.json'
import epingEn from '../../modules/compliance/messages/eping/en.json'
import epingZhHans from '../../modules/compliance/messages/eping/zh-Hans.json'
import epingZhHant from '../../modules/compliance/messages/eping/zh-Hant.json'
import hsLookupEn from '../../modules/compliance/messages/hsLookup/en.json'
import hsLookupZhHans from '../../modules/compliance/messages/hsLookup/zh-Hans.json'
import hsLookupZhHant from '../../modules/compliance/messages/hsLookup/zh-Hant.json'
import assistantEn from '../../modules/assistant/messages/en.json'
import assistantZhHans from '../../modules/assistant/messages/zh-Hans.json'
import assistantZhHant from '../../modules/assistant/messages/zh-Hant.json'
import landingEn from '../../workflows/landing/messages/en.json'
import landingZhHans from '../../workflows/landing/messages/zh-Hans.json'
import landingZhHant from '../../workflows/landing/messages/zh-Hant.json'
import type { Locale } from './locales'
import commonEn from './messages/en.json'
import commonZhHans from './messages/zh-Hans.json'
import commonZhHant from './messages/zh-Hant.json'

/** Every message catalog, by locale and namespace. Server-only: pages receive just their locale's part. */
export const CATALOGS = {
  en: {
    common: commonEn,
    ui: uiEn,
    identity: identityEn,
    billing: billingEn,
    planAdmin: planAdminEn,
    plans: plansEn,
    companies: companiesEn,
    team: teamEn,
    addresses: addressesEn,
    suppliers: suppliersEn,
    admin: adminEn,
    catalog: catalogEn,
    pricing: pricingEn,
    marketplace: marketplaceEn,
    directory: directoryEn,
    productImport: productImportEn,
    notifications: notificationsEn,
    orders: ordersEn,
    services: servicesEn,
    offerings: offeringsEn,
    fulfilment: fulfilmentEn,
    projects: projectsEn,
    rfqs: rfqsEn,
    quotations: quotationsEn,
    comparison: comparisonEn,
    sourcing: sourcingEn,
    messaging: messagingEn,
    chat: chatEn,
    logistics: logisticsEn,
    documents: documentsEn,
    finance: financeEn,
    financeSetup: financeSetupEn,
    financePapers: financePapersEn,
    inventory: inventoryEn,
    dashboard: dashboardEn,
    functions: functionsEn,
    developers: developersEn,
    guide: guideEn,
    supplierHome: supplierHomeEn,
    routeCheck: routeCheckEn,
    jobs: jobsEn,
    eping: epingEn,
    hsLookup: hsLookupEn,
    assistant: assistantEn,
    landing: landingEn,
  },
  'zh-Hans': {
    common: commonZhHans,
    ui: uiZhHans,
    identity: identityZhHans,
    billing: billingZhHans,
    planAdmin: planAdminZhHans,
    plans: plansZhHans,
    companies: companiesZhHans,
    team: teamZhHans,
    addresses: addressesZhHans,
    suppliers: suppliersZhHans,
    admin: adminZhHans,
    catalog: catalogZhHans,
    pricing: pricingZhHans,
    marketplace: marketplaceZhHans,
    directory: directoryZhHans,
    productImport: productImportZhHans,
    notifications: notificationsZhHans,
    orders: ordersZhHans,
    services: servicesZhHans,
    offerings: offeringsZhHans,
    fulfilment: fulfilmentZhHans,
    projects: projectsZhHans,
    rfqs: rfqsZhHans,
    quotations: quotationsZhHans,
    comparison: comparisonZhHans,
    sourcing: sourcingZhHans,
    messaging: messagingZhHans,
    chat: chatZhHans,
    logistics: logisticsZhHans,
    documents: documentsZhHans,
    finance: financeZhHans,
    financeSetup: financeSetupZhHans,
    financePapers: financePapersZhHans,
    inventory: inventoryZhHans,
    dashboard: dashboardZhHans,
    functions: functionsZhHans,
    developers: developersZhHans,
    guide: guideZhHans,
    supplierHome: supplierHomeZhHans,
    routeCheck: routeCheckZhHans,
    jobs: jobsZhHans,
    eping: epingZhHans,
    hsLookup: hsLookupZhHans,
    assistant: assistantZhHans,
    landing: landingZhHans,
  },
  'zh-Hant': {
    common: commonZhHant,
    ui: uiZhHant,
    identity: identityZhHant,
    billing: billingZhHant,
    planAdmin: planAdminZhHant,
    plans: plansZhHant,
    companies: companiesZhHant,
    team: teamZhHant,
    addresses: addressesZhHant,
    suppliers: suppliersZhHant,
    admin: adminZhHant,
    catalog: catalogZhHant,
    pricing: pricingZhHant,
    marketplace: marketplaceZhHant,
    directory: directoryZhHant,
    productImport: productImportZhHant,
    notifications: notificationsZhHant,
    orders: ordersZhHant,
    services: servicesZhHant,
    offerings: offeringsZhHant,
    fulfilment: fulfilmentZhHant,
    projects: projectsZhHant,
    rfqs: rfqsZhHant,
    quotations: quotationsZhHant,
    comparison: comparisonZhHant,
    sourcing: sourcingZhHant,
    messaging: messagingZhHant,
    chat: chatZhHant,
    logistics: logisticsZhHant,
    documents: documentsZhHant,
    finance: financeZhHant,
    financeSetup: financeSetupZhHant,
    financePapers: financePapersZhHant,
    inventory: inventoryZhHant,
    dashboard: dashboardZhHant,
    functions: functionsZhHant,
    developers: developersZhHant,
    guide: guideZhHant,
    supplierHome: supplierHomeZhHant,
    routeCheck: routeCheckZhHant,
    jobs: jobsZhHant,
    eping: epingZhHant,
    hsLookup: hsLookupZhHant,
    assistant: assistantZhHant,
    landing: landingZhHant,
  },
} satisfies Record<Locale, Record<string, unknown>>

export type Namespace = keyof (typeof CATALOGS)['en']
export const NAMESPACES = Object.keys(CATALOGS.en) as Namespace[]
export type LocaleResources = (typeof CATALOGS)['en']
