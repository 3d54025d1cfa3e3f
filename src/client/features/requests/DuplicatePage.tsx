/**
 * A duplicate certificate (issue 19 §3, प्रतिलिपि): the registration, why a copy is needed
 * (lost, damaged, other) and details (required for "other"), checked with the shared
 * duplicate schema. Its fee is billed at verification; its approval issues a copy marked as a
 * duplicate. POST /api/applications/{id}/duplicate.
 */
import { Alert, Button, Card, Group, NativeSelect, Stack } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DUPLICATE_REASONS, duplicateSchema } from '../../../shared/schemas/services.js';
import { tMessage } from '../../lib/i18n';
import { RequestFrame } from './RequestFrame';
import { firstErrors } from './requestErrors';
import { useSubmitRequest } from './submitRequest';

type Field = 'reason' | 'details';

export function DuplicateForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ reason: '', details: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { submit, saving, refusal } = useSubmitRequest(id, 'duplicate');
  const set = (k: Field) => (v: string) => setValues((prev) => ({ ...prev, [k]: v }));

  async function onSubmit() {
    const body = { reason: values.reason, details: values.details };
    const parsed = duplicateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const server = await submit(body);
    setErrors(firstErrors(Object.entries(server).map(([k, v]) => [k, v[0]])));
  }

  return (
    <form
      noValidate
      aria-label={t('requests.duplicatePage.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <NativeSelect
              name="reason"
              label={t('requests.duplicatePage.reason')}
              required
              data={[
                { value: '', label: t('form.choose') },
                ...DUPLICATE_REASONS.map((r) => ({ value: r, label: t(`requests.reasons.${r}`) })),
              ]}
              value={values.reason}
              onChange={(e) => set('reason')(e.currentTarget.value)}
              error={tMessage(errors.reason)}
            />
            <GrowingTextarea
              name="details"
              label={t('requests.duplicatePage.details')}
              description={t('requests.duplicatePage.detailsHelp')}
              required={values.reason === 'other'}
              minRows={2}
              maxLength={1000}
              value={values.details}
              onChange={(e) => set('details')(e.currentTarget.value)}
              error={tMessage(errors.details)}
            />
          </Stack>
        </Card>
        {refusal && (
          <Alert color="orange" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={`/business/applications/${id}/detail`}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('requests.duplicatePage.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function DuplicatePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <RequestFrame
      id={id}
      service="duplicate"
      title={t('requests.duplicatePage.title')}
      intro={t('requests.duplicatePage.intro')}
    >
      {(d) => <DuplicateForm id={d.id} />}
    </RequestFrame>
  );
}
