/**
 * Requests about an approved registration (issue 19 §1–3): the amendment (संशोधन), closure
 * (खारेजी) and duplicate certificate (प्रतिलिपि) forms. The detail page's parts about requests
 * (buttons, banner, before/after table, duplicates' log) belong to registrations.
 *
 * Nothing here is used by other features. The route pages are not exported: the router
 * lazy-loads each page by file, so that every page stays its own chunk (src/client/app/App.tsx).
 */
export {};
