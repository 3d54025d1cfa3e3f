/**
 * The required male/female choice of registration and of the profile's details: the same
 * field name, label and options in both, so the server's `gender` errors land on it.
 */
import { Group, Radio, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function GenderRadio({
  value,
  onChange,
  error,
  mb,
}: {
  value: string | null;
  onChange: (value: string) => void;
  error?: string;
  mb?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      name="gender"
      label={t('auth.gender')}
      required
      value={value}
      onChange={onChange}
      error={error}
      mb={mb}
    >
      <Group mt={4}>
        <Radio value="male" label={t('gender.male')} />
        <Radio value="female" label={t('gender.female')} />
      </Group>
    </Radio.Group>
  );
}
