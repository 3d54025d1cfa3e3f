/**
 * Where the owner lives (permanent address: state → district → city → ward, each list
 * following the one before) and where the business is (its ward in this palika).
 */
import { NativeSelect, TextInput } from '@mantine/core';
import type { CityOption, DistrictOption, StateOption, WardOption } from '../../registrations';
import { Section, type FormKit } from '../formKit';

export function PermanentAddressSection({
  kit: { t, f, register, setValue, err, choose, options, text },
  states,
  districts,
  cities,
  stateId,
  districtId,
  city,
}: {
  kit: FormKit;
  states?: StateOption[];
  districts?: DistrictOption[];
  cities?: CityOption[];
  stateId: number;
  districtId: number;
  /** The chosen city, whose ward count the ward list follows. */
  city?: CityOption;
}) {
  return (
    <Section title={t('form.sections.permanentAddress')}>
      <NativeSelect
        label={t('form.permStateId')}
        required
        data={options(states)}
        error={err('permStateId')}
        {...register('permStateId', {
          onChange: () => {
            setValue('permDistrictId', '');
            setValue('permCityId', '');
            setValue('permWardNo', '');
          },
        })}
      />
      <NativeSelect
        label={t('form.permDistrictId')}
        required
        disabled={!stateId}
        data={options(districts)}
        error={err('permDistrictId')}
        {...register('permDistrictId', {
          onChange: () => {
            setValue('permCityId', '');
            setValue('permWardNo', '');
          },
        })}
      />
      <NativeSelect
        label={t('form.permCityId')}
        required
        disabled={!districtId}
        data={options(cities)}
        error={err('permCityId')}
        {...register('permCityId', { onChange: () => setValue('permWardNo', '') })}
      />
      <NativeSelect
        {...text('permWardNo', { required: true })}
        disabled={!city}
        data={[
          choose,
          ...Array.from({ length: Math.max(city?.wardCount ?? 0, 0) }, (_, i) => ({
            value: String(i + 1),
            label: f.num(i + 1),
          })),
        ]}
      />
      <TextInput {...text('permTole')} />
      <TextInput {...text('permChowk')} />
    </Section>
  );
}

export function LocationSection({
  kit: { t, f, choose, text },
  wards,
}: {
  kit: FormKit;
  wards?: WardOption[];
}) {
  return (
    <Section title={t('form.sections.location')}>
      <NativeSelect
        {...text('wardId', { required: true })}
        data={[
          choose,
          ...(wards ?? []).map((w) => ({
            value: String(w.id),
            label: `${f.num(w.number)} — ${f.name(w)}`,
          })),
        ]}
      />
      <TextInput {...text('locAddress', { required: true })} />
      <TextInput {...text('locTole')} />
      <TextInput
        {...text('locMobile', { required: true })}
        type="tel"
        inputMode="numeric"
        placeholder={t('a11y.phonePlaceholder')}
      />
    </Section>
  );
}
