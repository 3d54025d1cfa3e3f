/** The business: its name, type, firm and description (the owner is on the owners step). */
import { NativeSelect, TextInput } from '@mantine/core';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
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
      <GrowingTextarea {...text('description')} minRows={2} />
    </Section>
  );
}
