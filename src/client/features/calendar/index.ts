/**
 * The BS calendar settings screen (issue 16 §6): the years of the month table, provisional ones
 * marked, and a system administrator's correction of a provisional year.
 *
 * Nothing here is used by other features (the start-up loading of the corrections is
 * src/client/lib/calendar.ts). The page is not exported: the router lazy-loads it by file
 * (src/client/app/App.tsx).
 */
export {};
