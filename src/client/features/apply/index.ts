/**
 * Applying (SPEC §2 `apply-new`, `single_registration`, `multiple_registration`): the one
 * application form, its sections, and the pages that open it. The edit page (registrations)
 * uses the same form; the amendment form (requests, issue 19) reuses its sections, field kit
 * and wire format.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The route pages are not exported: the router lazy-loads each page by
 * file, so that every page stays its own chunk (src/client/app/App.tsx).
 */
export {
  ApplicationForm,
  BASE_FIELDS,
  emptyValues,
  LAND_FIELDS,
  RENT_FIELDS,
  toWire,
  type ApplicationFormValues,
  type Kind,
  type OnBehalfOf,
} from './ApplicationForm';
export { makeFormKit, Section, type FormKit } from './formKit';
export { emptyOwner } from './formModel';
export { CapitalSection } from './sections/CapitalSections';
export { OwnersSection, SingleOwnerSection } from './sections/OwnersSection';
export { RentSection } from './sections/RentSection';
