/**
 * Billing (the server's `billing` module): the fee estimate and bill, the counter payment
 * dialog, online payment and its return page, receipts, the payments list and the
 * reconciliation report, refunds due.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The route pages are not exported: the router lazy-loads each page by
 * file, so that every page stays its own chunk (src/client/app/App.tsx).
 */
export { FeeEstimate, QuoteView } from './FeeEstimate';
import { lazyDialog } from '../../components/lazyDialog';

export { BillTable } from './BillTable';
/** The counter payment dialog, its code downloaded when first opened (components/lazyDialog). */
export const PaymentDialog = lazyDialog(() =>
  import('./PaymentDialog').then((m) => m.PaymentDialog),
);
export { PayOnline } from './PayOnline';
export { PayStatusBadge } from './PayStatusBadge';
export { ReceiptDownload } from './ReceiptDownload';
export { WardFilter } from './WardFilter';
