/**
 * Counter filing, step 3 (issue 19 §4): the application form (features/apply) in "on behalf
 * of" mode for the chosen walk-in applicant; it is sent to
 * POST /api/counter/applicants/{id}/applications and opens the new application's detail page,
 * where the acknowledgement slip is printed.
 */
import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import { ApplicationForm } from '../apply';
import { useApplicant } from './api';
import { Arrow } from '../../components/Arrow';

function OnBehalf({ id, kind }: { id: number; kind: 'single' | 'multiple' }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicant(id);
  if (q.isError) return <NotFoundAlert to="/counter">{t('counter.title')}</NotFoundAlert>;
  const a = q.data?.data;
  if (!a) return <PageLoader />;
  return (
    <>
      <Anchor component={Link} to={`/counter?applicant=${a.id}`} size="sm">
        <Arrow to="back" /> {t('counter.title')}
      </Anchor>
      <PageHeader title={t('counter.onBehalf', { name: a.name })} />
      <Alert color="blue" mb="md" maw={760} data-testid="on-behalf">
        {t('counter.onBehalfHelp', { name: a.name, phone: f.digits(a.phone) })}
      </Alert>
      <ApplicationForm kind={kind} onBehalfOf={{ id: a.id, name: a.name, phone: a.phone }} />
    </>
  );
}

export default function CounterApplyPage() {
  const { id, kind } = useParams();
  return (
    <RequirePermission perms={['file-at-counter']}>
      <OnBehalf id={Number(id)} kind={kind === 'multiple' ? 'multiple' : 'single'} />
    </RequirePermission>
  );
}
