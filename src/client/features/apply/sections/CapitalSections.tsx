/** The business's capital, its signboard's size, and its registration with another office. */
import { TextInput } from '@mantine/core';
import { Section, type FormKit } from '../formKit';

export function CapitalSection({ kit: { t, text, rupees } }: { kit: FormKit }) {
  return (
    <Section title={t('form.sections.capital')}>
      {(['capitalMax', 'capitalCurrent', 'capitalPaidUp'] as const).map((k) => (
        <TextInput key={k} {...text(k, { required: true })} {...rupees} />
      ))}
    </Section>
  );
}

export function CardSection({ kit: { t, text, numeric } }: { kit: FormKit }) {
  return (
    <Section title={t('form.sections.card')}>
      <TextInput {...text('cardLength')} {...numeric} rightSection={t('form.cm')} />
      <TextInput {...text('cardWidth')} {...numeric} rightSection={t('form.cm')} />
    </Section>
  );
}

export function OtherRegistrationSection({ kit: { t, text } }: { kit: FormKit }) {
  return (
    <Section title={t('form.sections.otherReg')}>
      <TextInput {...text('otherRegNo')} />
      <TextInput {...text('otherRegOffice')} />
    </Section>
  );
}
