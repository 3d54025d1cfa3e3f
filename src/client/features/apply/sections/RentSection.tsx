/** The rented premises and the landlord, behind the "rented" switch. */
import { NativeSelect, TextInput } from '@mantine/core';
import { Section, type FormKit } from '../formKit';

export function RentSection({
  kit: { t, f, choose, text, numeric, rupees, dateField, toggle },
  hasRent,
}: {
  kit: FormKit;
  hasRent: boolean;
}) {
  return (
    <Section title={t('form.sections.rent')} aside={toggle('hasRent')}>
      {hasRent && (
        <>
          <TextInput {...text('rentLandlordName', { required: true })} />
          <TextInput {...text('rentWardNo')} {...numeric} />
          <TextInput {...text('rentTole')} />
          <TextInput {...text('rentChowk')} />
          <TextInput {...text('rentHouseNo')} />
          <TextInput {...text('rentFloors')} {...numeric} />
          <TextInput {...text('rentRooms')} {...numeric} />
          {dateField('rentStartDate')}
          <TextInput {...text('rentMonthly', { required: true })} {...rupees} />
          <NativeSelect
            {...text('rentTaxPeriodMonths', { required: true })}
            data={[
              choose,
              ...Array.from({ length: 12 }, (_, i) => ({
                value: String(i + 1),
                label: t('form.monthsN', { n: f.num(i + 1) }),
              })),
            ]}
          />
          <NativeSelect
            {...text('rentPurpose', { required: true })}
            data={[
              choose,
              { value: 'residence', label: t('form.purpose.residence') },
              { value: 'commercial', label: t('form.purpose.commercial') },
            ]}
          />
        </>
      )}
    </Section>
  );
}
