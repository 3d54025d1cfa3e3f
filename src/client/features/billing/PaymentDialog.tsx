/**
 * Manual (counter or bank) payment of the assessed bill (SPEC §2 "manual payment"; §3 Payment).
 * Shows the bill lines; staff enter the amount received (prefilled with the bill's total; the
 * server refuses any other amount), the receipt number, the paid date in BS (typed as
 * 'YYYY-MM-DD' or picked from the BS calendar, converted to AD for the server), the channel and the
 * compulsory receipt scan (issue 6 §2). Fields are checked with the shared manualPaymentSchema;
 * the server's 422 errors show on the fields.
 */
import {
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bsToAd, formatBs, parseBs, todayAd, todayBs } from '../../../shared/bs-date.js';
import { toLatinDigits, toNepaliDigits } from '../../../shared/format.js';
import { manualPaymentSchema } from '../../../shared/schemas/payments.js';
import { BsDatePicker } from '../../components/BsDatePicker';
import { api, ApiError, type Envelope } from '../../lib/api';
import { checkUpload, UPLOAD_ACCEPT } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import { detailKey, type ApplicationDetail } from '../registrations';
import { BillTable } from './BillTable';

type Field = 'amount' | 'receiptNo' | 'paidDate' | 'channel' | 'remarks' | 'receipt';
const FIELDS: Field[] = ['amount', 'receiptNo', 'paidDate', 'channel', 'remarks', 'receipt'];

/** Paisa as the rupees a person types: 1500 or 1500.50. */
export function paisaToRupeesText(paisa: number): string {
  return paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);
}

export function PaymentDialog({
  detail,
  opened,
  onClose,
}: {
  detail: ApplicationDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  // A long form: on phones the dialog takes the whole screen.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [amount, setAmount] = useState(() => {
    const text = detail.bill ? paisaToRupeesText(detail.bill.total) : '';
    return f.lang === 'ne' ? toNepaliDigits(text) : text;
  });
  const [receiptNo, setReceiptNo] = useState('');
  const [paidDateBs, setPaidDateBs] = useState(() => formatBs(todayBs(), f.lang));
  const [channel, setChannel] = useState<'counter' | 'bank'>('counter');
  const [remarks, setRemarks] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const mutation = useMutation({
    mutationFn: (body: {
      amount: string;
      receiptNo: string;
      paidDate: string;
      channel: string;
      remarks: string | null;
    }) =>
      api.post<Envelope<ApplicationDetail>>(`/applications/${detail.id}/payments`, {
        ...body,
        remarks: body.remarks ?? undefined,
        receipt: receipt ?? undefined,
      }),
    onSuccess: (res) => {
      qc.setQueryData(detailKey(detail.id), res);
      void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
      void qc.invalidateQueries({ queryKey: ['/applications/renewals'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      notifications.show({ color: 'green', message: t('common.actionSuccess'), autoClose: 5000 });
      onClose();
    },
    onError: (e) => {
      if (!(e instanceof ApiError)) return;
      const next: Partial<Record<Field, string>> = {};
      for (const [k, v] of Object.entries(e.errors)) {
        if (v?.length && (FIELDS as string[]).includes(k)) {
          next[k as Field] = v[0];
        }
      }
      setErrors(next);
    },
  });

  function submit() {
    const next: Partial<Record<Field, string>> = {};
    let paidDate = '';
    const bs = parseBs(paidDateBs);
    if (!paidDateBs.trim()) next.paidDate = 'validation.required';
    else if (!bs) next.paidDate = 'validation.date';
    else {
      paidDate = bsToAd(bs);
      if (paidDate > todayAd()) next.paidDate = 'validation.futureDate';
    }
    const amountText = toLatinDigits(amount.trim());
    const parsed = manualPaymentSchema.safeParse({
      amount: amountText,
      receiptNo,
      paidDate,
      channel,
      remarks,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as Field;
        if (!next[k]) next[k] = issue.message;
      }
    }
    const fileProblem = receipt ? checkUpload(receipt) : 'validation.required';
    if (fileProblem) next.receipt = fileProblem;
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    // The server takes the amount in rupees, as typed (the schema's paisa are for checking).
    mutation.mutate({ ...parsed.data, amount: amountText });
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payment.title')}
      centered
      size="lg"
      fullScreen={phone}
    >
      <Stack>
        {detail.bill ? (
          <BillTable bill={detail.bill} />
        ) : (
          <Text c="dimmed">{t('payment.noBill')}</Text>
        )}
        <TextInput
          label={t('manualPay.amount')}
          name="amount"
          required
          inputMode="decimal"
          description={
            detail.bill
              ? t('manualPay.amountHelp', { total: f.money(detail.bill.total) })
              : undefined
          }
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={tMessage(errors.amount)}
        />
        <TextInput
          label={t('payment.receiptNo')}
          name="receiptNo"
          required
          value={receiptNo}
          onChange={(e) => setReceiptNo(e.currentTarget.value)}
          error={tMessage(errors.receiptNo)}
        />
        <BsDatePicker
          label={t('payment.paidDate')}
          name="paidDate"
          required
          description={t('payment.paidDateHelp')}
          // A payment cannot have been made in the future (submit checks it too).
          max={todayAd()}
          value={paidDateBs}
          onChange={(text) => setPaidDateBs(text)}
          error={tMessage(errors.paidDate)}
        />
        <NativeSelect
          label={t('payment.channel')}
          name="channel"
          required
          value={channel}
          onChange={(e) => setChannel(e.currentTarget.value as 'counter' | 'bank')}
          data={[
            { value: 'counter', label: t('payment.counter') },
            { value: 'bank', label: t('payment.bank') },
          ]}
          error={tMessage(errors.channel)}
        />
        <FileInput
          label={t('manualPay.receiptScan')}
          name="receipt"
          required
          description={t('manualPay.receiptScanHelp')}
          accept={UPLOAD_ACCEPT}
          clearable
          value={receipt}
          onChange={(file) => {
            setReceipt(file);
            setErrors((e) => ({ ...e, receipt: checkUpload(file) ?? undefined }));
          }}
          error={tMessage(errors.receipt)}
        />
        <GrowingTextarea
          label={t('actions.remarks')}
          name="remarks"
          minRows={2}
          value={remarks}
          onChange={(e) => setRemarks(e.currentTarget.value)}
          error={tMessage(errors.remarks)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="cyan"
            loading={mutation.isPending}
            onClick={submit}
            disabled={!detail.bill}
          >
            {t('payment.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
