/**
 * "Palika settings" (issue 17 §6, route /settings/palika): the palika's name in English and
 * Nepali, its emblem (EmblemCard), office address and contact, the administrative cost (typed in
 * rupees, stored in paisa), the rent-tax rate, the renewal window and the renewal reminders' days
 * before and after the expiry (issue 19 §5). The shared
 * settingsInputSchema checks the form (react-hook-form + zodResolver) and the server's 422
 * errors show on the fields. For whoever holds `edit-settings` (system administrators): the API
 * refuses everyone else too. The login page, certificates and receipts read the new values at once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  reminderDaysText,
  settingsInputSchema,
  type SettingsInput,
  type SettingsValues,
  type SettingsView,
} from '../../../shared/schemas/settings.js';
import { Forbidden } from '../../components/Forbidden';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { applyServerErrors } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { useFormat, type Formatter } from '../../lib/useFormat';
import { useChangeSettings, useSettings } from './api';
import { EmblemCard } from './EmblemCard';

/** Who may change the settings (as PUT /api/settings requires). */
const EDIT_SETTINGS = 'edit-settings';

const FIELDS = [
  'nameEn',
  'nameNe',
  'addressEn',
  'addressNe',
  'phone',
  'email',
  'adminCost',
  'rentTaxRatePercent',
  'renewalWindowDays',
  'reminderDaysBefore',
  'reminderDaysAfter',
] as const;
type Field = (typeof FIELDS)[number];

export default function SettingsPage() {
  return useCan(EDIT_SETTINGS) ? <PalikaSettings /> : <Forbidden />;
}

function PalikaSettings() {
  const { t } = useTranslation();
  const q = useSettings();
  if (q.isPending) return <PageLoader />;
  if (q.isError) {
    return (
      <Alert color="red" role="alert">
        {t('settings.loadFailed')}
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Stack gap="md" maw={880}>
        <Text size="sm">{t('settings.intro')}</Text>
        <EmblemCard view={q.data} />
        <SettingsForm view={q.data} />
      </Stack>
    </>
  );
}

/** The form's starting values: the stored settings as typed text (rupees, the user's digits). */
function formValues(v: SettingsView, f: Formatter): SettingsInput {
  return {
    nameEn: v.nameEn,
    nameNe: v.nameNe,
    addressEn: v.addressEn,
    addressNe: v.addressNe,
    phone: f.digits(v.phone),
    email: v.email,
    adminCost: f.digits((v.adminCost / 100).toFixed(2)),
    rentTaxRatePercent: f.digits(v.rentTaxRatePercent),
    renewalWindowDays: f.digits(v.renewalWindowDays),
    reminderDaysBefore: f.digits(reminderDaysText(v.reminderDaysBefore)),
    reminderDaysAfter: f.digits(reminderDaysText(v.reminderDaysAfter)),
  };
}

/** A titled section of the form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" style={{ minWidth: 0 }}>
      <Title order={3} size="h4" mb="sm" component="legend" style={{ padding: 0 }}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

function SettingsForm({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const change = useChangeSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(settingsInputSchema),
    defaultValues: formValues(view, f),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // the schema's own output is sent as typed: the server applies the same schema
      const res = await change.mutateAsync({
        json: { ...values, adminCost: (values.adminCost / 100).toFixed(2) },
      });
      reset(formValues(res.data, f));
      notifications.show({ color: 'green', message: t('settings.saved'), autoClose: 5000 });
    } catch (e) {
      if (applyServerErrors(e, setError, FIELDS) || !(e instanceof ApiError)) return;
      setFormError(e.message || t('errors.actionFailed'));
    }
  });

  const field = (k: Field, label: string, extra: { description?: string; required?: boolean }) => (
    <TextInput
      label={label}
      {...extra}
      {...register(k)}
      error={tMessage(errors[k]?.message) || undefined}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('settings.title')}>
      <Stack gap="md">
        <FormErrorAlert error={formError} />
        <Section title={t('settings.identity')}>
          {field('nameEn', t('settings.nameEn'), {
            required: true,
            description: t('settings.nameDefault', { name: view.defaults.nameEn }),
          })}
          {field('nameNe', t('settings.nameNe'), {
            required: true,
            description: t('settings.nameDefault', { name: view.defaults.nameNe }),
          })}
        </Section>
        <Section title={t('settings.office')}>
          {field('addressEn', t('settings.addressEn'), {})}
          {field('addressNe', t('settings.addressNe'), {})}
          {field('phone', t('settings.phone'), {})}
          {field('email', t('settings.email'), {})}
        </Section>
        <Section title={t('settings.fees')}>
          {field('adminCost', t('settings.adminCost'), {
            required: true,
            description: t('settings.adminCostHelp'),
          })}
          {field('rentTaxRatePercent', t('settings.rentTaxRate'), {
            required: true,
            description: t('settings.rentTaxRateHelp'),
          })}
          {field('renewalWindowDays', t('settings.renewalWindow'), {
            required: true,
            description: t('settings.renewalWindowHelp'),
          })}
        </Section>
        <Section title={t('settings.reminders')}>
          {field('reminderDaysBefore', t('settings.reminderDaysBefore'), {
            description: t('settings.reminderDaysBeforeHelp'),
          })}
          {field('reminderDaysAfter', t('settings.reminderDaysAfter'), {
            description: t('settings.reminderDaysAfterHelp'),
          })}
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
