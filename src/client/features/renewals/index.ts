/**
 * Renewals (SPEC §2 `renewRegistrationList`, `re-new-registration/{id}`): the list of
 * registrations due and the renew page.
 *
 * Nothing here is used by other features. The route pages are not exported: the router
 * lazy-loads each page by file, so that every page stays its own chunk (src/client/app/App.tsx).
 */
export {};
