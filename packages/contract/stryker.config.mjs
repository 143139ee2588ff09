// Mutation testing of the contract's domain rules (issue 21, decision 0430). `npm run mutation` at
// the root runs it and merges this report with the API's into reports/mutation/mutation.json.
// The rules are pure functions: their own unit tests are the ones that must kill the mutants.
import { declarationRanges, strykerOptions } from '../../scripts/mutation-targets.mjs';

const rules = (file, names) => declarationRanges(import.meta.dirname, file, names);

export default {
  ...strykerOptions('contract', 'vitest.config.ts'),
  mutate: [
    // The order state machine (who moves an order where), what the customer may do, payable total.
    ...rules('src/order.ts', [
      'ORDER_TRANSITIONS',
      'canTransitionOrder',
      'isOrderClosed',
      'sortOrdersByUpdate',
      'orderPayableTotal',
      'canPayOnline',
    ]),
    // The moves each role may make given the order (decision 0435): the one rule server, console and app use.
    ...rules('src/order-moves.ts', [
      'PHARMACIST_ORDER_MOVES',
      'CUSTOMER_ORDER_MOVES',
      'orderMoveRefusal',
      'allowedMoves',
      'orderMoveTarget',
      'customerOrderActions',
    ]),
    // Online sale of medicines (decision 0400) and settlement at the pharmacy (decision 0221).
    ...rules('src/sale-rules.ts', [
      'saleKindOf',
      'shippingRestriction',
      'shippingTypeRefusal',
      'shippingMethodRefusal',
      'allowedShippingTypes',
      'allowedShippingMethods',
    ]),
    ...rules('src/payment.ts', ['requiresPharmacySettlement']),
    // The fiscal code like the law: control character, omocodia, month letter, day, real date (decision 0425).
    ...rules('src/common/fiscal-code.ts', [
      'fiscalCodeControlChar',
      'fiscalCodeBirthDate',
      'normalizeFiscalCode',
      'fiscalCodeProblem',
      'isValidFiscalCode',
    ]),
    // Voucher states shown by the app.
    ...rules('src/voucher.ts', ['voucherState']),
    // Prescription requirements: NRE, FSE consent, file.
    ...rules('src/prescription.ts', [
      'normalizeNre',
      'nreProblem',
      'prescriptionRequirements',
      'inferPrescriptionMode',
      'prescriptionBodySchema',
      'hasFile',
    ]),
    // The AIC / minsan check digit.
    ...rules('src/catalogue.ts', ['minsanCheckDigit', 'isValidMinsan']),
  ],
};
