/**
 * The staff reports (issue 19 §7): `/reports` with the receipt register, the cancelled and
 * refunded receipts, the collection and the applications by age. The page is lazy-loaded by
 * the router (src/client/app/App.tsx); nothing here is used by other features.
 */
export {};
