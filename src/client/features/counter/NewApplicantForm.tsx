/**
 * Counter filing's new-applicant form (issue 19 §4): name, mobile, optional email and
 * citizenship number, gender and the SMS language. Checked with the shared schema before it is
 * sent; the server's field errors and its 409 (the mobile number has an account) are shown.
 */
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { applicantCreateSchema, type CounterApplicant } from '../../../shared/schemas/counter.js';
import { ApiError, serverMessage } from '../../lib/api';
import { createApplicant } from './api';

const EMPTY = { name: '', phone: '', email: '', citizenshipNo: '', gender: '', lang: 'ne' };
type Values = typeof EMPTY;

export function NewApplicantForm({ onCreated }: { onCreated: (a: CounterApplicant) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Values) => (value: string | null) =>
    setV((old) => ({ ...old, [k]: value ?? '' }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const parsed = applicantCreateSchema.safeParse(v);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const i of parsed.error.issues) errs[String(i.path[0])] ??= t(i.message);
      return setErrors(errs);
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await createApplicant({ ...parsed.data, lang: v.lang });
      notifications.show({ color: 'green', message: t('counter.created', { name: v.name }) });
      onCreated(res.data);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, m[0]]));
      setErrors(fields);
      if (!Object.keys(fields).length)
        setProblem(serverMessage({ message: err.message }, 'errors.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  const text = (k: keyof Values, label: string, extra: object = {}) => (
    <TextInput
      name={k}
      label={t(label)}
      value={v[k]}
      onChange={(e) => set(k)(e.currentTarget.value)}
      error={errors[k]}
      {...extra}
    />
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="xs">
        {t('counter.createTitle')}
      </Title>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('name', 'counter.name', { required: true })}
          {text('phone', 'counter.phone', { required: true, inputMode: 'tel' })}
          {text('email', 'counter.email', { inputMode: 'email' })}
          {text('citizenshipNo', 'counter.citizenshipNo')}
          <NativeSelect
            name="gender"
            label={t('counter.gender')}
            required
            data={[
              { value: '', label: t('form.choose') },
              { value: 'male', label: t('gender.male') },
              { value: 'female', label: t('gender.female') },
            ]}
            value={v.gender}
            onChange={(e) => set('gender')(e.currentTarget.value)}
            error={errors.gender}
          />
          <NativeSelect
            name="lang"
            label={t('counter.lang')}
            data={[
              { value: 'ne', label: 'नेपाली' },
              { value: 'en-US', label: 'English' },
            ]}
            value={v.lang}
            onChange={(e) => set('lang')(e.currentTarget.value)}
          />
        </SimpleGrid>
        {problem && (
          <Alert color="red" mt="md" role="alert">
            {problem}
          </Alert>
        )}
        <Group mt="md">
          <Button type="submit" loading={busy}>
            {t('counter.create')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
