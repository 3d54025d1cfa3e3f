/**
 * Multiple-owner business registration (SPEC §2 `multiple_registration`): the application
 * form with an owners list of 2 to 4 names (SPEC §5: 'You cannot add more than 4 names.').
 */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { ApplicationForm } from './ApplicationForm';
import { PhotosFirst } from './PhotosFirst';

export default function MultipleRegistrationPage() {
  const { t } = useTranslation();
  return (
    <RequirePermission perms={['create-applications']}>
      <PageHeader title={t('form.titleMultiple')} />
      <PhotosFirst>
        <ApplicationForm kind="multiple" />
      </PhotosFirst>
    </RequirePermission>
  );
}
