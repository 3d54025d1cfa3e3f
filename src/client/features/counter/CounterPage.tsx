/**
 * Counter filing (issue 19 §4): a ward admin files for an applicant who came to the office in
 * person. 1. find their account by mobile or citizenship number, or create it (an SMS invites
 * them to set a password); 2. upload their scanned photo and citizenship to their profile;
 * 3. continue to the application form "on behalf of" them (CounterApplyPage), or 4. open one of
 * their applications, or file a request about a registration (ApplicantApplications). The chosen
 * applicant is kept in the URL (`?applicant=<id>`), so the form's back link returns here.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CounterApplicant } from '../../../shared/schemas/counter.js';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import { ApplicantApplications } from './ApplicantApplications';
import { findApplicants, useApplicant } from './api';
import { NewApplicantForm } from './NewApplicantForm';
import { ScansCard } from './ScansCard';

/** Step 1: the search box and its results, then the new-applicant form. */
function FindApplicant({ onPick }: { onPick: (a: CounterApplicant) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<CounterApplicant[] | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    setBusy(true);
    try {
      setFound((await findApplicants(q.trim())).data);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="xs">
          {t('counter.findTitle')}
        </Title>
        <form onSubmit={(e) => void search(e)}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('counter.searchLabel')}
              description={t('counter.searchHelp')}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              inputMode="text"
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={busy}>
              {t('counter.search')}
            </Button>
          </Group>
        </form>
        {found && found.length === 0 && (
          <Alert color="blue" mt="md" role="status">
            {t('counter.noneFound')}
          </Alert>
        )}
        {found && found.length > 0 && (
          <Table mt="md" striped>
            <Table.Tbody>
              {found.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td translate="no">{a.name}</Table.Td>
                  <Table.Td>{f.digits(a.phone)}</Table.Td>
                  <Table.Td>{a.citizenshipNo ? f.digits(a.citizenshipNo) : '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" onClick={() => onPick(a)}>
                      {t('counter.pick')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <NewApplicantForm onCreated={onPick} />
    </Stack>
  );
}

/** Steps 2 and 3 for the chosen applicant. */
function ChosenApplicant({ id, onChange }: { id: number; onChange: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicant(id);
  const a = q.data?.data;
  if (!a) return null;
  const ready = a.photoFileId != null && a.citizenshipFileId != null;
  return (
    <Stack>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              {t('counter.applicant')}
            </Text>
            <Title order={3} size="h4" translate="no" data-testid="counter-applicant">
              {a.name}
            </Title>
            <Text size="sm">
              {f.digits(a.phone)}
              {a.citizenshipNo ? ` · ${f.digits(a.citizenshipNo)}` : ''}
            </Text>
            {a.unclaimed && (
              <Badge color="gray" variant="light" mt={4}>
                {t('counter.unclaimed')}
              </Badge>
            )}
          </div>
          <Button variant="subtle" onClick={onChange}>
            {t('counter.change')}
          </Button>
        </Group>
      </Card>
      <ScansCard applicant={a} />
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="xs">
          {t('counter.fileTitle')}
        </Title>
        {!ready && (
          <Alert color="orange" mb="sm">
            {t('counter.scansNeeded')}
          </Alert>
        )}
        <Group>
          <Button component={Link} to={`/counter/${a.id}/apply/single`} disabled={!ready}>
            {t('applyNew.single')}
          </Button>
          <Button
            component={Link}
            to={`/counter/${a.id}/apply/multiple`}
            variant="default"
            disabled={!ready}
          >
            {t('applyNew.multiple')}
          </Button>
        </Group>
      </Card>
      <ApplicantApplications applicantId={a.id} />
    </Stack>
  );
}

export default function CounterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('applicant')) || null;
  return (
    <RequirePermission perms={['file-at-counter']}>
      <PageHeader title={t('counter.title')} />
      <Text c="dimmed" mb="md" maw={760}>
        {t('counter.intro')}
      </Text>
      <div style={{ maxWidth: 760 }}>
        {id ? (
          <ChosenApplicant id={id} onChange={() => setParams({})} />
        ) : (
          <FindApplicant onPick={(a) => setParams({ applicant: String(a.id) })} />
        )}
      </div>
    </RequirePermission>
  );
}
