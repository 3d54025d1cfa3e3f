/** The business: its name, type, firm and description (the owner is on the owners step). */
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { BusinessTypeOption } from '../../registrations';
import { Section, type FormKit } from '../formKit';

export function BusinessSection({
  kit: { t, text, options },
  businessTypes,
}: {
  kit: FormKit;
  businessTypes?: BusinessTypeOption[];
}) {
  return (
    <Section title={t('form.sections.business')}>
      <TextInput {...text('businessName', { required: true })} />
      <NativeSelect {...text('businessTypeId', { required: true })} data={options(businessTypes)} />
      <TextInput {...text('firmName')} />
      <Textarea {...text('description')} autosize minRows={2} />
    </Section>
  );
}
