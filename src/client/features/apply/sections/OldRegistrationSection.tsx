/**
 * A registration made on paper before this system, behind its switch: its number and date.
 * The scan of the paper certificate (`oldCertificate`) is asked on the documents step.
 */
import { TextInput } from '@mantine/core';
import { Section, type FormKit } from '../formKit';

export function OldRegistrationSection({
  kit: { t, text, dateField, toggle },
  isOld,
}: {
  kit: FormKit;
  isOld: boolean;
}) {
  return (
    <Section title={t('form.sections.oldReg')} aside={toggle('isOldRegistration')}>
      {isOld && (
        <>
          <TextInput {...text('oldRegistrationNo', { required: true })} />
          {dateField('oldRegistrationDate', true)}
        </>
      )}
    </Section>
  );
}
