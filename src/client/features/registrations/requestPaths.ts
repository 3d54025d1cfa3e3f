/**
 * The page of each request about a registration (issue 19 §1–3), below the registration's
 * detail URL (`/business/applications/<id>/amend` etc.), and its button's label and colour.
 * Its own module so that another feature (the counter's list) can link to the forms the same
 * way without importing the detail page's parts.
 */
import type { RegistrationRequest } from '../../../shared/lifecycle.js';

export const REQUEST_PATH: Record<RegistrationRequest, string> = {
  amendment: 'amend',
  closure: 'close',
  duplicate: 'duplicate',
};

/** The label (translation key) and colour of the button that opens each request's form. */
export const REQUEST_BUTTON: Record<RegistrationRequest, { label: string; color?: string }> = {
  amendment: { label: 'requests.amend' },
  closure: { label: 'requests.close', color: 'red' },
  duplicate: { label: 'requests.duplicate' },
};
