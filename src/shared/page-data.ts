/**
 * Data the server writes into the SPA's page (server lib/spa.ts) for the app to read before its
 * first request (client lib/palika.ts). Kept apart from the schemas: the login page is in the
 * entry chunk, which loads no zod (DESIGN.md §8 first-load budget).
 */

/** The id of the `<script type="application/json">` holding the palika's public identity. */
export const PUBLIC_DATA_ID = 'darta-public';
