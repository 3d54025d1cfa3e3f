/** The land the business stands on, behind the "own land" switch. */
import { TextInput } from '@mantine/core';
import { Section, type FormKit } from '../formKit';

export function LandSection({
  kit: { t, text, numeric, toggle },
  hasLand,
}: {
  kit: FormKit;
  hasLand: boolean;
}) {
  return (
    <Section title={t('form.sections.land')} aside={toggle('hasLand')}>
      {hasLand && (
        <>
          <TextInput {...text('landCurrentCity')} />
          <TextInput {...text('landWardNo')} {...numeric} />
          <TextInput {...text('landPreviousVdc')} />
          <TextInput {...text('landSeatNo')} />
          <TextInput {...text('landKittaNo')} />
          <TextInput {...text('landArea')} />
        </>
      )}
    </Section>
  );
}
