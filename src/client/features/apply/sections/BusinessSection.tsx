/** The business: its name, owner (single-owner form), type, firm and description. */
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { BusinessTypeOption } from '../../registrations';
import { Section, type FormKit } from '../formKit';
import type { Kind } from '../formModel';

export function BusinessSection({
  kit: { t, text, options },
  kind,
  businessTypes,
}: {
  kit: FormKit;
  kind: Kind;
  businessTypes?: BusinessTypeOption[];
}) {
  return (
    <Section title={t('form.sections.business')}>
      <TextInput {...text('businessName', { required: true })} />
      {kind === 'single' && (
        <>
          <TextInput {...text('ownerName', { required: true })} />
          <TextInput {...text('fatherOrHusbandName', { required: true })} />
        </>
      )}
      <NativeSelect {...text('businessTypeId', { required: true })} data={options(businessTypes)} />
      <TextInput {...text('firmName')} />
      <Textarea {...text('description')} autosize minRows={2} />
    </Section>
  );
}
