/**
 * Recording a refund (issue 15): money received that could not be credited to a bill
 * (`refund_due`) was paid back to the applicant. Staff with record-payments give the day it was
 * paid back in BS (typed or picked, today by default; not in the future, not before the money
 * was received), how (cash, bank, eSewa, Khalti: by default the way it came in), a reference
 * (cheque, voucher or transaction number) and remarks. The shared refundSchema checks the form
 * (react-hook-form + zodResolver, the BS date converted to AD first) and the server's 422
 * errors show on the fields. POST /api/payments/{id}/refund.
 */
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { bsToAd, formatBs, parseBs, todayAd, todayBs } from '../../../shared/bs-date.js';
import { MSG } from '../../../shared/schemas/fields.js';
import { refundSchema, type RefundInput } from '../../../shared/schemas/payments.js';
import { BsDate } from '../../components/BsDate';
import { BsDatePicker } from '../../components/BsDatePicker';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import { detailKey } from '../registrations';
import {
  recordRefund,
  REFUND_METHODS,
  type PaymentChannel,
  type PaymentListRow,
  type RefundMethod,
} from './api';

/** The form's values: as refundSchema takes them, with `refundedOn` the BS date as typed. */
type RefundFields = z.input<typeof refundSchema>;
const FIELDS = ['refundedOn', 'method', 'reference', 'remarks'] as const;

/** How money that came in through a channel is paid back by default. */
const METHOD_OF: Record<PaymentChannel, RefundMethod> = {
  counter: 'cash',
  bank: 'bank',
  esewa: 'esewa',
  khalti: 'khalti',
};

/** A BS date as typed → AD; '' stays '' (required), anything not a real BS date → 'invalid'. */
export function bsTextToAd(text: string): string {
  if (!text.trim()) return '';
  const bs = parseBs(text);
  return bs ? bsToAd(bs) : 'invalid';
}

/**
 * refundSchema over the form: the BS date becomes AD, and it may be neither in the future nor
 * before `receivedOn` (AD), as the server checks.
 */
export function refundResolver(
  receivedOn: string | null,
): Resolver<RefundFields, unknown, RefundInput> {
  const schema = refundSchema.superRefine((v, ctx) => {
    if (v.refundedOn > todayAd()) {
      ctx.addIssue({ code: 'custom', path: ['refundedOn'], message: MSG.futureDate });
    } else if (receivedOn && v.refundedOn < receivedOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['refundedOn'],
        message: 'validation.refundBeforeReceived',
      });
    }
  });
  const resolve = zodResolver(schema);
  return (values, context, options) =>
    resolve({ ...values, refundedOn: bsTextToAd(values.refundedOn) }, context, options);
}

function RefundForm({ payment, onDone }: { payment: PaymentListRow; onDone: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RefundFields, unknown, RefundInput>({
    resolver: refundResolver(payment.paidDate),
    defaultValues: {
      refundedOn: formatBs(todayBs(), f.lang),
      method: METHOD_OF[payment.channel],
      reference: '',
      remarks: '',
    },
  });

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['/payments'] });
    void qc.invalidateQueries({ queryKey: ['/payments/reconciliation'] });
    void qc.invalidateQueries({ queryKey: detailKey(payment.applicationId) });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await recordRefund(payment.id, values);
      refresh();
      notifications.show({ color: 'green', message: t('refunds.saved'), autoClose: 5000 });
      onDone();
    } catch (e) {
      if (applyServerErrors(e, setError, FIELDS) || !(e instanceof ApiError)) return;
      setFormError(e.message || t('errors.actionFailed'));
      // 409: recorded meanwhile by someone else; the list shows where it stands now
      if (e.status === 409) refresh();
    }
  });

  const err = (k: (typeof FIELDS)[number]) => tMessage(errors[k]?.message) || undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('refunds.record')}>
      <FormErrorAlert error={formError} />
      <Stack>
        <Text size="sm">
          <Text span fw={600} translate="no">
            {payment.businessName}
          </Text>{' '}
          (
          <Text span translate="no">
            {f.digits(payment.submissionNo)}
          </Text>
          ) · {t(`payments.channel.${payment.channel}`)} · <BsDate value={payment.paidDate} />
        </Text>
        {payment.refundReason && (
          <Text size="sm" c="dimmed">
            {t(`payments.refundReason.${payment.refundReason}`)}
          </Text>
        )}
        <Controller
          control={control}
          name="refundedOn"
          render={({ field }) => (
            <BsDatePicker
              label={t('refunds.refundedOn')}
              name="refundedOn"
              required
              min={payment.paidDate ?? undefined}
              max={todayAd()}
              value={field.value}
              onChange={(text) => field.onChange(text)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={err('refundedOn')}
            />
          )}
        />
        <NativeSelect
          label={t('refunds.method')}
          required
          data={REFUND_METHODS.map((m) => ({ value: m, label: t(`refunds.methods.${m}`) }))}
          {...register('method')}
          error={err('method')}
        />
        <TextInput
          label={t('refunds.reference')}
          maxLength={100}
          {...register('reference')}
          error={err('reference')}
        />
        <GrowingTextarea
          label={t('refunds.remarks')}
          minRows={2}
          maxLength={500}
          {...register('remarks')}
          error={err('remarks')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="orange" loading={isSubmitting}>
            {t('refunds.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The dialog for `payment` (closed when null); a new form for every payment opened. */
export function RefundDialog({
  payment,
  onClose,
}: {
  payment: PaymentListRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  // On phones the dialog takes the whole screen, as the payment dialog does.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      title={payment ? t('refunds.recordTitle', { amount: f.money(payment.total) }) : ''}
      centered
      fullScreen={phone}
    >
      {payment && <RefundForm key={payment.id} payment={payment} onDone={onClose} />}
    </Modal>
  );
}
