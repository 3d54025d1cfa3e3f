/**
 * SPEC §5: photos and documents must be uploaded before an application. An application takes
 * the photo and citizenship certificate from the applicant's profile (issue 4 contract), so
 * while either is missing the new-application pages show 'Please upload photos first' with a
 * link to the upload card of the profile instead of a form that the server would refuse.
 */
import { Alert, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/auth';

export function hasProfileDocuments(user: {
  photoFileId: number | null;
  citizenshipFileId: number | null;
}): boolean {
  return user.photoFileId != null && user.citizenshipFileId != null;
}

export function PhotosFirst({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (hasProfileDocuments(user)) return <>{children}</>;
  return (
    <Alert color="orange" role="alert" title={t('errors.photosFirst')} maw={720}>
      <Text size="sm" mb="sm">
        {t('profileDocs.why')}
      </Text>
      <Button component={Link} to="/profile#documents">
        {t('profileDocs.goUpload')}
      </Button>
    </Alert>
  );
}
