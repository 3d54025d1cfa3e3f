/**
 * Billing module: everything about money (DESIGN.md §5). Bills assessed from the tax setup
 * (assessment.ts), counter payments (counter.ts), online payments by eSewa and Khalti
 * (online.ts, gateways/), their settlement and re-check job (settlement.ts), receipts
 * (receipts.ts). Its routes are routes.ts and report-routes.ts, registered by app.ts. Other
 * modules import only this file.
 */
export {
  assess,
  billFrom,
  estimate,
  estimateFrom,
  feeSettingsOf,
  type Assessable,
  type AssessmentFacts,
} from './assessment.js';
export { CounterPayments } from './counter.js';
export { billsOnTransition, lockApplication, openBillOf, type OpenBill } from './ledger.js';
export { GatewayError } from './gateways/common.js';
export { EsewaGateway, rupeesString, type EsewaConfig } from './gateways/esewa.js';
export { KhaltiGateway, type KhaltiConfig } from './gateways/khalti.js';
export { LINK_MINUTES, PaymentService, type Initiation } from './online.js';
export { receiptView } from './receipts.js';
export { RECHECK_AFTER_MS, type OnlineChannel, type Outcome } from './settlement.js';
