/**
 * The documents step: the profile's photo and citizenship certificate, read-only with a link
 * to the profile (every application uses them, issue 17 §3), the setup's required files for
 * this form's mode, one file input each (`doc_<slug>`), and an old registration's scan.
 */
import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthImage } from '../../../components/AuthImage';
import { Section, type FormKit } from '../formKit';
import { docField, type DocSpec } from '../formModel';

/** The applicant's own profile files, when the form is filled by the applicant. */
export interface ProfileFiles {
  photoFileId: number | null;
  citizenshipFileId: number | null;
}

function ProfileDocuments({ kit: { t }, profile }: { kit: FormKit; profile?: ProfileFiles }) {
  if (!profile) {
    return (
      <Text size="sm" c="dimmed" style={{ gridColumn: '1 / -1' }}>
        {t('steps.staffProfileText')}
      </Text>
    );
  }
  return (
    <Card withBorder radius="sm" padding="sm" bg="gray.0" style={{ gridColumn: '1 / -1' }}>
      <Text fw={600} size="sm">
        {t('steps.fromProfile')}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {t('steps.fromProfileText')}
      </Text>
      <Group gap="md" align="flex-start">
        {profile.photoFileId != null && (
          <div>
            <Text size="xs" mb={4}>
              {t('profile.photo')}
            </Text>
            <AuthImage fileId={profile.photoFileId} alt={t('profile.photo')} h={96} w={80} />
          </div>
        )}
        {profile.citizenshipFileId != null && (
          <div>
            <Text size="xs" mb={4}>
              {t('profile.citizenship')}
            </Text>
            <AuthImage
              fileId={profile.citizenshipFileId}
              alt={t('profile.citizenship')}
              h={96}
              w={128}
              fit="contain"
            />
          </div>
        )}
      </Group>
      <Anchor component={Link} to="/profile#documents" size="sm" mt="xs" display="inline-block">
        {t('steps.changeOnProfile')}
      </Anchor>
    </Card>
  );
}

export function DocumentsSection({
  kit,
  docs,
  pending,
  uploadHelp,
  profile,
  oldCertificate,
}: {
  kit: FormKit;
  docs: DocSpec[];
  /** The list of required files is still loading. */
  pending: boolean;
  uploadHelp: string;
  profile?: ProfileFiles;
  /** The old registration's scan is asked (and whether it must be chosen). */
  oldCertificate?: { required: boolean };
}) {
  const { t, f, fileInput } = kit;
  return (
    <Section title={t('form.sections.documents')} id="documents">
      <ProfileDocuments kit={kit} profile={profile} />
      {docs.length === 0 && !pending && (
        <Text size="sm" c="dimmed">
          {t('form.noDocumentsAsked')}
        </Text>
      )}
      {docs.map((d) =>
        fileInput(
          `docs.${d.file.slug}`,
          docField(d.file.slug),
          f.name(d.file),
          d.required,
          uploadHelp,
        ),
      )}
      {oldCertificate &&
        fileInput(
          'oldCertificate',
          'oldCertificate',
          t('form.oldCertificate'),
          oldCertificate.required,
          uploadHelp,
        )}
    </Section>
  );
}
