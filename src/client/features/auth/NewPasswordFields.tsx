/**
 * The new password and its confirmation, as registration, password reset and change password
 * ask for them: both required, both `autocomplete="new-password"` so password managers offer
 * to generate and save one. Each form keeps its own labels and spacing.
 */
import { PasswordInput, type MantineSpacing } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function NewPasswordFields({
  labels,
  fields,
  errors,
  description,
  mb,
}: {
  labels: { password: string; confirmation: string };
  /** `register('password')` and `register('password_confirmation')`. */
  fields: { password: UseFormRegisterReturn; confirmation: UseFormRegisterReturn };
  errors: { password?: string; confirmation?: string };
  /** Help under the first field (the password rules). */
  description?: string;
  /** Space below each field. */
  mb?: { password?: MantineSpacing; confirmation?: MantineSpacing };
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        required
        description={description}
        {...fields.password}
        error={errors.password}
        mb={mb?.password}
      />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        required
        {...fields.confirmation}
        error={errors.confirmation}
        mb={mb?.confirmation}
      />
    </>
  );
}
