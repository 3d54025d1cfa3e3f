/**
 * A payment receipt (issue 6 §8) at `/payments/{id}/receipt`: what the server's receipt view
 * says, in the interface language (amounts through the money formatter, dates in BS), with a
 * download of the bilingual PDF the server prints.
 */
import { Anchor, Button, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BsDate } from '../../components/BsDate';
import { data, InfoGrid } from '../../components/InfoGrid';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { useFormat } from '../../lib/useFormat';
import { downloadReceipt, fetchReceipt, receiptKey, type ReceiptView } from './api';
import { Arrow } from '../../components/Arrow';

const LINES = ['businessTax', 'fine', 'rentTax', 'adminCost', 'serviceFee', 'discount'] as const;

export function ReceiptBody({ r }: { r: ReceiptView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const pick = (b: { en: string; ne: string }) => (f.lang === 'ne' ? b.ne || b.en : b.en || b.ne);
  const lines = LINES.filter((k) => r.lines[k] !== 0);
  return (
    <Stack gap="sm">
      <Title order={3} ta="center" size="h4" c="red.9">
        {pick(r.palika)}
      </Title>
      <Text ta="center" fw={700} tt="uppercase">
        {t('receipt.heading')}
      </Text>
      <InfoGrid
        cols={{ base: 1, xs: 2 }}
        items={[
          [t('receipt.receiptNo'), data(f.digits(r.receiptNo))],
          [t('receipt.paidDate'), <BsDate key="paidDate" value={r.paidDate} />],
          [t('receipt.fiscalYear'), pick(r.fiscalYear)],
          [t('receipt.ward'), `${f.num(r.ward.number)} — ${pick(r.ward)}`],
          [t('applications.submissionNo'), data(f.digits(r.submissionNo))],
          [
            t('applications.registrationNo'),
            data(r.registrationNo ? f.digits(r.registrationNo) : ''),
          ],
          [t('form.businessName'), data(r.businessName)],
          [t('form.ownerName'), data(r.ownerName)],
          [
            t('receipt.paidThrough'),
            `${t(`payments.channel.${r.channel}`)}${r.gatewayTxnId ? ` · ${r.gatewayTxnId}` : ''}`,
          ],
        ]}
      />
      <Divider />
      <Table withTableBorder layout="fixed">
        <Table.Tbody>
          {lines.map((k) => (
            <Table.Tr key={k}>
              <Table.Td>{t(`bill.${k}`)}</Table.Td>
              <Table.Td ta="right">
                {k === 'discount' ? `− ${f.money(r.lines[k])}` : f.money(r.lines[k])}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>{t('bill.total')}</Table.Th>
            <Table.Th ta="right" data-testid="receipt-total">
              {f.money(r.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Receipt({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const q = useQuery({
    queryKey: receiptKey(id),
    queryFn: ({ signal }) => fetchReceipt(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (q.isPending && Number.isInteger(id) && id > 0) return <PageLoader />;
  if (q.isError || !q.data) {
    return <NotFoundAlert to="/business/applications">{t('detail.backToList')}</NotFoundAlert>;
  }
  const r = q.data.data;
  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Anchor component="button" type="button" size="sm" onClick={() => void navigate(-1)}>
          <Arrow to="back" /> {t('receipt.back')}
        </Anchor>
        <Button
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            downloadReceipt(id, r.receiptNo)
              .catch(() => undefined)
              .finally(() => setDownloading(false));
          }}
        >
          {t('receipt.download')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }} maw={720} mx="auto">
        <ReceiptBody r={r} />
      </Paper>
    </>
  );
}

export default function ReceiptPage() {
  const { id } = useParams();
  return (
    <RequirePermission perms={['view-applications', 'view-payments']}>
      <Receipt id={Number(id)} />
    </RequirePermission>
  );
}
