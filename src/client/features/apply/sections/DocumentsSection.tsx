/** The setup's required files for this form's mode, one file input each (`doc_<slug>`). */
import { Text } from '@mantine/core';
import { Section, type FormKit } from '../formKit';
import { docField, type DocSpec } from '../formModel';

export function DocumentsSection({
  kit: { t, f, fileInput },
  docs,
  pending,
  uploadHelp,
}: {
  kit: FormKit;
  docs: DocSpec[];
  /** The list of required files is still loading. */
  pending: boolean;
  uploadHelp: string;
}) {
  return (
    <Section title={t('form.sections.documents')} id="documents">
      <Text size="sm" c="dimmed" style={{ gridColumn: '1 / -1' }}>
        {t('form.documentsIntro')}
      </Text>
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
    </Section>
  );
}
