/** Who fills in the application: name, address and phone. */
import { TextInput } from '@mantine/core';
import { Section, type FormKit } from '../formKit';

export function ApplicantSection({ kit: { t, text } }: { kit: FormKit }) {
  return (
    <Section title={t('form.sections.applicant')}>
      <TextInput {...text('applicantName', { required: true })} />
      <TextInput {...text('applicantAddress', { required: true })} />
      <TextInput
        {...text('applicantContact', { required: true })}
        type="tel"
        inputMode="numeric"
        placeholder={t('a11y.phonePlaceholder')}
      />
    </Section>
  );
}
