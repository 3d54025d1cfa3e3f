/**
 * A registration made on paper before this system, behind its switch: its number, date and the
 * scan of the paper certificate (`oldCertificate`).
 */
import { TextInput } from '@mantine/core';
import { Section, type FormKit } from '../formKit';

export function OldRegistrationSection({
  kit: { t, text, dateField, toggle, fileInput },
  isOld,
  certificateRequired,
  uploadHelp,
}: {
  kit: FormKit;
  isOld: boolean;
  /** The scan must be chosen (no scan is stored yet). */
  certificateRequired: boolean;
  uploadHelp: string;
}) {
  return (
    <Section title={t('form.sections.oldReg')} aside={toggle('isOldRegistration')}>
      {isOld && (
        <>
          <TextInput {...text('oldRegistrationNo', { required: true })} />
          {dateField('oldRegistrationDate', true)}
          {fileInput(
            'oldCertificate',
            'oldCertificate',
            t('form.oldCertificate'),
            certificateRequired,
            uploadHelp,
          )}
        </>
      )}
    </Section>
  );
}
