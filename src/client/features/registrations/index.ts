/**
 * Registrations (the server's `registrations` module): the application list, the detail page
 * with its lifecycle actions (ActionDialog), editing, and the page shown once an application is
 * submitted.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The route pages are not exported: the router lazy-loads each page by
 * file, so that every page stays its own chunk (src/client/app/App.tsx).
 */
export {
  detailKey,
  downloadCertificate,
  kindOf,
  prefetchApplicationDetail,
  useApplicationDetail,
} from './api';
export { REQUEST_BUTTON, REQUEST_PATH } from './requestPaths';
export type {
  ApplicationDetail,
  BusinessTypeOption,
  CityOption,
  DistrictOption,
  Quote,
  RenewalRow,
  RequiredFile,
  StateOption,
  WardOption,
} from './types';
