/**
 * What the application form's sections are built from: the section card, and the field helpers
 * bound to the form (`makeFormKit`), made by the form shell (ApplicationForm.tsx) on each render
 * and handed to every section.
 */
import { Card, FileInput, Group, SimpleGrid, Switch, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useId, type ReactNode } from 'react';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { BsDatePicker } from '../../components/BsDatePicker';
import { checkUpload, UPLOAD_ACCEPT } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import type { Formatter } from '../../lib/useFormat';
import type { ApplicationFormValues, TextField } from './formModel';

export function Section({
  title,
  id,
  children,
  aside,
}: {
  title: string;
  id?: string;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      id={id}
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {children}
        </SimpleGrid>
      )}
    </Card>
  );
}

type Form = UseFormReturn<ApplicationFormValues>;

/** The form's field helpers; see `makeFormKit`. */
export type FormKit = ReturnType<typeof makeFormKit>;

/** The field helpers of one render of the form: `errors` is that render's `formState.errors`. */
export function makeFormKit({
  t,
  f,
  form: { register, control, setValue, setError, clearErrors },
  errors,
}: {
  t: TFunction;
  f: Formatter;
  form: Form;
  errors: FieldErrors<ApplicationFormValues>;
}) {
  const err = (k: string): string | undefined => {
    const parts = k.split('.');
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return tMessage((node as { message?: string } | undefined)?.message);
  };
  const choose = { value: '', label: t('form.choose') };
  const options = <T extends { id: number; nameEn: string; nameNe: string }>(rows?: T[]) => [
    choose,
    ...(rows ?? []).map((r) => ({ value: String(r.id), label: f.name(r) })),
  ];

  const text = (name: TextField, extra: Record<string, unknown> = {}) => ({
    label: t(`form.${name}`),
    ...register(name),
    error: err(name),
    ...extra,
  });
  // BS date fields: typed or picked text, kept as typed (toWire converts it to AD).
  const dateField = makeDateField({ t, f, control, err });
  const numeric = { inputMode: 'numeric' as const };
  const rupees = {
    inputMode: 'decimal' as const,
    leftSection: <Text size="sm">{t('form.rs')}</Text>,
    leftSectionWidth: f.lang === 'ne' ? 40 : 36,
  };

  const toggle = makeToggle(t, control);
  const fileInput = makeFileInput({ t, control, setError, clearErrors, err });

  return {
    t,
    f,
    register,
    setValue,
    err,
    choose,
    options,
    text,
    dateField,
    numeric,
    rupees,
    toggle,
    fileInput,
  };
}

type Err = (k: string) => string | undefined;

/** A BS date field (typed or picked), kept as typed text; `err` gives its message. */
function makeDateField({
  t,
  f,
  control,
  err,
}: {
  t: TFunction;
  f: Formatter;
  control: Form['control'];
  err: Err;
}) {
  return (name: 'rentStartDate' | 'oldRegistrationDate', required = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <BsDatePicker
          label={t(`form.${name}`)}
          name={name}
          required={required}
          description={t('form.dateHelp')}
          placeholder={f.digits('2082-01-15')}
          value={field.value}
          onChange={(text) => field.onChange(text)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={err(name)}
        />
      )}
    />
  );
}

/** The switch that shows a group (rent, land, old registration). */
function makeToggle(t: TFunction, control: Form['control']) {
  return (name: 'hasRent' | 'hasLand' | 'isOldRegistration') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          ref={field.ref}
          name={name}
          label={t(`form.${name}`)}
          checked={field.value}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
        />
      )}
    />
  );
}

/**
 * A file input of `path` (`docs.<slug>` or `oldCertificate`) named `name` for the wire; a file
 * too large or of the wrong type is refused at once, at the field.
 */
function makeFileInput({
  t,
  control,
  setError,
  clearErrors,
  err,
}: {
  t: TFunction;
  control: Form['control'];
  setError: Form['setError'];
  clearErrors: Form['clearErrors'];
  err: Err;
}) {
  return (
    path: 'oldCertificate' | `docs.${string}`,
    name: string,
    label: string,
    required: boolean,
    description: string,
  ) => (
    <Controller
      key={path}
      control={control}
      name={path}
      render={({ field }) => (
        <FileInput
          ref={field.ref}
          name={name}
          label={label}
          description={description}
          placeholder={t('form.chooseFile')}
          required={required}
          clearable
          accept={UPLOAD_ACCEPT}
          value={(field.value as File | null | undefined) ?? null}
          onBlur={field.onBlur}
          onChange={(file) => {
            field.onChange(file);
            const problem = checkUpload(file);
            if (problem) setError(path, { type: 'file', message: problem });
            else clearErrors(path);
          }}
          error={err(path)}
        />
      )}
    />
  );
}
