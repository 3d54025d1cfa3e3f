/**
 * Close a business (issue 19 §2, खारेजी): the registration, why it closes and remarks,
 * checked with the shared closure schema (src/shared/schemas/services.ts). The arrears of
 * missed renewals and the closure fee are billed when the office verifies the request; its
 * approval closes the registration. POST /api/applications/{id}/closure.
 */
import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { closureSchema } from '../../../shared/schemas/services.js';
import { tMessage } from '../../lib/i18n';
import { RequestFrame } from './RequestFrame';
import { firstErrors } from './requestErrors';
import { useSubmitRequest } from './submitRequest';

type Field = 'reason' | 'remarks';

export function ClosureForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ reason: '', remarks: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { submit, saving, refusal } = useSubmitRequest(id, 'closure');

  async function onSubmit() {
    const body = { reason: values.reason, remarks: values.remarks };
    const parsed = closureSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const server = await submit(body);
    setErrors(firstErrors(Object.entries(server).map(([k, v]) => [k, v[0]])));
  }

  const field = (k: Field, label: string, required: boolean) => (
    <GrowingTextarea
      name={k}
      label={label}
      required={required}
      minRows={k === 'reason' ? 3 : 2}
      maxLength={1000}
      value={values[k]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((prev) => ({ ...prev, [k]: v }));
      }}
      error={tMessage(errors[k])}
    />
  );

  return (
    <form
      noValidate
      aria-label={t('requests.closePage.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            {field('reason', t('requests.closePage.reason'), true)}
            {field('remarks', t('requests.remarks'), false)}
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
          <Button type="submit" color="red" loading={saving}>
            {t('requests.closePage.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ClosePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <RequestFrame
      id={id}
      service="closure"
      title={t('requests.closePage.title')}
      intro={t('requests.closePage.intro')}
    >
      {(d) => <ClosureForm id={d.id} />}
    </RequestFrame>
  );
}
