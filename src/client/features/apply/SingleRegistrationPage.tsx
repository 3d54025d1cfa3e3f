/**
 * Single-owner business registration (SPEC §2 `single_registration`): the application form
 * (ApplicationForm.tsx) with one owner.
 */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { ApplicationForm } from './ApplicationForm';
import { PhotosFirst } from './PhotosFirst';

export { ApplicationForm } from './ApplicationForm';
export type { ApplicationFormValues } from './ApplicationForm';

export default function SingleRegistrationPage() {
  const { t } = useTranslation();
  return (
    <RequirePermission perms={['create-applications']}>
      <PageHeader title={t('form.title')} />
      <PhotosFirst>
        <ApplicationForm kind="single" />
      </PhotosFirst>
    </RequirePermission>
  );
}
