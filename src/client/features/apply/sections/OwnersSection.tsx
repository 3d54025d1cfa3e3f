/**
 * The owners step's fields: the single owner (name, father's or husband's name), or the
 * owners of a multiple-owner application, one card per owner, from MIN_OWNERS to MAX_OWNERS
 * (the first is the application's owner of record). The add button sits below the last owner
 * with the "at most 4" message right under it, where it was pressed (issue 17 §2).
 */
import { ActionIcon, Alert, Button, Card, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { UseFieldArrayReturn } from 'react-hook-form';
import { MAX_OWNERS, MIN_OWNERS } from '../../../../shared/schemas/application-rules.js';
import { Section, type FormKit } from '../formKit';
import { emptyOwner, type ApplicationFormValues } from '../formModel';

export function SingleOwnerSection({ kit: { t, text } }: { kit: FormKit }) {
  return (
    <Section title={t('steps.owner')}>
      <TextInput {...text('ownerName', { required: true })} />
      <TextInput {...text('fatherOrHusbandName', { required: true })} />
    </Section>
  );
}

export function OwnersSection({
  kit: { t, f, register, err },
  owners,
}: {
  kit: FormKit;
  owners: UseFieldArrayReturn<ApplicationFormValues, 'owners'>;
}) {
  const [ownerLimit, setOwnerLimit] = useState(false);

  function addOwner() {
    if (owners.fields.length >= MAX_OWNERS) {
      setOwnerLimit(true);
      return;
    }
    setOwnerLimit(false);
    owners.append(emptyOwner());
  }

  const ownersError = err('owners') || (ownerLimit ? t('validation.maxOwners') : undefined);

  return (
    <Section title={t('form.sections.owners')} id="owners">
      {owners.fields.map((row, i) => (
        <Card key={row.id} withBorder radius="sm" padding="sm" bg="gray.0">
          <Group justify="space-between" mb={4}>
            <Text fw={500}>{t('form.ownerN', { n: f.num(i + 1) })}</Text>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={owners.fields.length <= MIN_OWNERS}
              aria-label={t('form.removeOwner', { n: f.num(i + 1) })}
              onClick={() => {
                owners.remove(i);
                setOwnerLimit(false);
              }}
            >
              ✕
            </ActionIcon>
          </Group>
          <TextInput
            label={t('form.owner.name')}
            required
            {...register(`owners.${i}.name`)}
            error={err(`owners.${i}.name`)}
          />
          <TextInput
            mt="xs"
            label={t('form.owner.fatherOrHusbandName')}
            required
            {...register(`owners.${i}.fatherOrHusbandName`)}
            error={err(`owners.${i}.fatherOrHusbandName`)}
          />
          <TextInput
            mt="xs"
            label={t('form.owner.citizenshipNo')}
            {...register(`owners.${i}.citizenshipNo`)}
            error={err(`owners.${i}.citizenshipNo`)}
          />
        </Card>
      ))}
      <div style={{ gridColumn: '1 / -1' }}>
        <Button variant="light" onClick={addOwner} aria-describedby="owner-limit">
          {t('form.addOwner')}
        </Button>
        <Text size="xs" c="dimmed" mt={4} id="owner-limit">
          {t('steps.ownerLimitNear', { n: f.num(MAX_OWNERS) })}
        </Text>
        {ownersError && (
          <Alert color="red" role="alert" mt="xs">
            {ownersError}
          </Alert>
        )}
      </div>
    </Section>
  );
}
