/**
 * Aliases of the place tables (city → district → province), for a query that joins more
 * than one address (the palika's and the owner's permanent address).
 */
import { alias } from 'drizzle-orm/pg-core';
import { cities, districts, states } from '../db/schema.js';

/** `cities`, `districts` and `states` aliased as `<prefix>_city`, `_district`, `_state`. */
export function placeAliases(prefix: string) {
  return {
    city: alias(cities, `${prefix}_city`),
    district: alias(districts, `${prefix}_district`),
    state: alias(states, `${prefix}_state`),
  };
}
