/**
 * Applying (SPEC §2 `apply-new`, `single_registration`, `multiple_registration`): the one
 * application form, its sections, and the pages that open it. The edit page (registrations)
 * uses the same form.
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
  type ApplicationFormValues,
  type OnBehalfOf,
} from './ApplicationForm';
