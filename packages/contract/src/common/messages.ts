import { accessMessages } from './access-messages.js';
import { accountMailMessages } from './account-mail-messages.js';
import { chatbotMessages } from './chatbot-messages.js';
import { consoleMessages } from './console-messages.js';
import { requestErrorMessages } from './request-error-messages.js';
import { shopDefaultMessages } from './shop-default-messages.js';
import { shopDocumentMessages } from './shop-document-messages.js';
import { accessibilityStatementMessages } from './accessibility-statement-messages.js';
import { accountMenuMessages } from './account-menu-messages.js';
import { addressesMessages } from './addresses-messages.js';
import { authMessages } from './auth-messages.js';
import { backofficeBookingsMessages } from './backoffice-bookings-messages.js';
import { backofficeCatalogueMessages } from './backoffice-catalogue-messages.js';
import { backofficeCustomersMessages } from './backoffice-customers-messages.js';
import { backofficeLabelsMessages } from './backoffice-labels-messages.js';
import { backofficeMessages } from './backoffice-messages.js';
import { backofficeShopMessages } from './backoffice-shop-messages.js';
import { backofficeShopsMessages } from './backoffice-shops-messages.js';
import { cartMessages } from './cart-messages.js';
import { catalogueImportMessages } from './catalogue-import-messages.js';
import { catalogueMessages } from './catalogue-messages.js';
import { chatMessages } from './chat-messages.js';
import { checkoutMessages } from './checkout-messages.js';
import { fileInputMessages } from './file-input-messages.js';
import { fileMessages } from './file-messages.js';
import { fiscalCodeMessages } from './fiscal-code-messages.js';
import { gdprMessages } from './gdpr-messages.js';
import { healthDataMessages } from './health-data-messages.js';
import { helpMessages } from './help-messages.js';
import { homeMessages } from './home-messages.js';
import { liveMessages } from './live-messages.js';
import { loyaltyBlockMessages } from './loyalty-block-messages.js';
import { loyaltyMessages } from './loyalty-messages.js';
import { notificationsMessages } from './notifications-messages.js';
import { onboardingMessages } from './onboarding-messages.js';
import { ordersMessages } from './orders-messages.js';
import { paymentMessages } from './payment-messages.js';
import { phoneMessages } from './phone-messages.js';
import { countMessages } from './plural.js';
import { prescriptionMessages } from './prescription-messages.js';
import { privacyMessages } from './privacy-messages.js';
import { productRequestMessages } from './product-request-messages.js';
import { profileMessages } from './profile-messages.js';
import { promotionPeriodMessages } from './promotion-period-messages.js';
import { referrerMessages } from './referrer-messages.js';
import { refundsMessages } from './refunds-messages.js';
import { withdrawalMessages } from './withdrawal-messages.js';
import { requestMessages } from './request-messages.js';
import { reservationsMessages } from './reservations-messages.js';
import { saleRulesMessages } from './sale-rules-messages.js';
import { scanCameraMessages } from './scan-camera-messages.js';
import { scanMessages } from './scan-messages.js';
import { appMessages, offlineMessages, tabsMessages } from './shell-messages.js';
import { shopLegalMessages } from './shop-legal-messages.js';
import { shopMessages } from './shop-messages.js';
import { staffAlertsMessages } from './staff-alerts-messages.js';
import { validationMessages } from './validation-messages.js';
import { voucherMessages } from './voucher-messages.js';
import { operatorCliMessages } from './operator-cli-messages.js';
import { paymentLogMessages } from './payment-log-messages.js';
import { paymentProviderMessages } from './payment-provider-messages.js';
import { productPictureMessages } from './product-picture-messages.js';
/**
 * Every Italian text the user can read, in one place, grouped by domain.
 *
 * Texts quoted by the spec (§2, §4, §5, §6, §8) are copied **exactly, typos included**
 * ('Codice Fisale', 'aggionato', 'idirizzi', 'Prenotaziona'): the spec is the contract and the
 * tests compare against it. Texts the spec only describes (the offline notice, generic validation
 * messages, checkout step titles...) are written here in plain Italian and marked `not quoted`.
 *
 * Placeholders are `{name}`-style; fill them with {@link fillMessage}.
 *
 * Each group is a module of its own (`cart-messages.ts` exports `cartMessages`…): a screen imports
 * the groups it shows, and the bundle holds only those (a module is bundled whole, an object too —
 * issue 22, decision 0689). `messages` composes them all for code that needs every text (the API's
 * error mapping, the back office, tests). Add keys in the group's file; a new group is a new file,
 * listed in message-groups.ts and here.
 */
export const messages = {
  scanCamera: scanCameraMessages,
  live: liveMessages,
  counts: countMessages,
  validation: validationMessages,
  fiscalCode: fiscalCodeMessages,
  phone: phoneMessages,
  app: appMessages,
  offline: offlineMessages,
  tabs: tabsMessages,
  home: homeMessages,
  auth: authMessages,
  access: accessMessages,
  shop: shopMessages,
  profile: profileMessages,
  privacy: privacyMessages,
  healthData: healthDataMessages,
  notifications: notificationsMessages,
  addresses: addressesMessages,
  loyalty: loyaltyMessages,
  referrer: referrerMessages,
  gdpr: gdprMessages,
  catalogue: catalogueMessages,
  catalogueImport: catalogueImportMessages,
  cart: cartMessages,
  productRequest: productRequestMessages,
  prescription: prescriptionMessages,
  help: helpMessages,
  fileInput: fileInputMessages,
  file: fileMessages,
  request: requestMessages,
  voucher: voucherMessages,
  checkout: checkoutMessages,
  orders: ordersMessages,
  payment: paymentMessages,
  reservations: reservationsMessages,
  chat: chatMessages,
  accountMenu: accountMenuMessages,
  backoffice: backofficeMessages,
  backofficeBookings: backofficeBookingsMessages,
  backofficeCatalogue: backofficeCatalogueMessages,
  backofficeCustomers: backofficeCustomersMessages,
  backofficeShops: backofficeShopsMessages,
  backofficeShop: backofficeShopMessages,
  onboarding: onboardingMessages,
  saleRules: saleRulesMessages,
  shopLegal: shopLegalMessages,
  accessibilityStatement: accessibilityStatementMessages,
  staffAlerts: staffAlertsMessages,
  scan: scanMessages,
  backofficeLabels: backofficeLabelsMessages,
  promotionPeriod: promotionPeriodMessages,
  loyaltyBlock: loyaltyBlockMessages,
  refunds: refundsMessages,
  withdrawal: withdrawalMessages,
  accountMail: accountMailMessages,
  chatbot: chatbotMessages,
  console: consoleMessages,
  requestError: requestErrorMessages,
  shopDefault: shopDefaultMessages,
  shopDocument: shopDocumentMessages,
  operatorCli: operatorCliMessages,
  paymentLog: paymentLogMessages,
  paymentProvider: paymentProviderMessages,
  productPicture: productPictureMessages,
} as const;

export type Messages = typeof messages;

/** Values for a `{name}`-style placeholder. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * Fills `{name}` placeholders of a message template. A placeholder without a value is left as it
 * is, so a missing value shows up in review instead of silently becoming 'undefined'.
 *
 * @example fillMessage(messages.cart.added, { name: 'Tachipirina' }) // 'Tachipirina aggiunto al carrello'
 */
export function fillMessage(template: string, values: MessageValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}
