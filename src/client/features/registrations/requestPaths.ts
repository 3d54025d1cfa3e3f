/**
 * The page of each request about a registration (issue 19 §1–3), below the registration's
 * detail URL: `/business/applications/<id>/amend` etc. Its own module so that another feature
 * (the counter's list) can link to the forms without importing the detail page's parts.
 */
import type { RegistrationRequest } from '../../../shared/lifecycle.js';

export const REQUEST_PATH: Record<RegistrationRequest, string> = {
  amendment: 'amend',
  closure: 'close',
  duplicate: 'duplicate',
};
