/**
 * The applications list's search. Regression: a row opened within the search's debounce delay,
 * while the detail page's code was still loading, used to be pulled back to the list when the
 * delayed search was written into the URL.
 */
import { expect, test } from '@playwright/test';
import { apiCreateApplication, apiRegister } from './api';
import { login, MESSAGES, unique } from './support';

const en = MESSAGES['en-US'];

// The slow chunk below is made slow by page.route; a service worker that already cached the
// chunk would serve it without Playwright seeing the request.
test.use({ serviceWorkers: 'block' });

test('opening a row right after typing a search stays on the detail page', async ({ page }) => {
  const { stamp, mobile } = unique('98');
  const applicant = await apiRegister({
    name: 'Kamala Rai',
    username: `kamala_${stamp}`,
    phone: mobile,
  });
  const businessName = `Everest Momo Centre ${stamp}`;
  const { id } = await apiCreateApplication(applicant.token, businessName, 'Kamala Rai', mobile);

  await login(page, 'ward1');
  // A slow connection: the detail page's code takes a second to arrive.
  await page.route('**/assets/ApplicationDetailPage*.js', (route) => {
    setTimeout(() => void route.continue(), 1000);
  });
  await page
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('link', { name: en.nav.applications })
    .click();
  const link = page.getByRole('link', { name: businessName, exact: true });
  await expect(link).toBeVisible();
  await page.getByLabel(en.applications.search).fill(businessName);
  await link.click();
  // The page shows only after the slow code arrived, well past the 350 ms debounce: the URL
  // must still be the detail page's.
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/business/applications/${id}/detail$`));
});
