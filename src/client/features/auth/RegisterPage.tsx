/**
 * New user registration (SPEC §2 `/register`; issue 5 §1), in two steps on the same card.
 * Step 1: the details, validated with the shared registerDetailsSchema, then
 * POST /api/register/otp checks them on the server and sends a 6-digit code by SMS.
 * Step 2: the code (resend after a countdown, or go back and change the details), then
 * POST /api/register creates the account; success stores token and user and goes to
 * /dashboard, like login.
 *
 * Neither step tells whether the phone or username already has an account before the phone is
 * proven (issue 16 §3): a phone with an account gets an SMS saying so instead of a code, and a
 * taken username is refused only at step 2. Then the details come back with the error, and the
 * code already sent to the same phone is still good for the next try (no new SMS). Both steps
 * send JSON (public routes take no multipart).
 */
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  otpField,
  registerDetailsSchema,
  type RegisterDetailsInput,
  type User,
} from '../../../shared/schemas/auth.js';
import { AuthCard } from '../../components/AuthCard';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { api, ApiError, type Envelope } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { saveSession } from '../../lib/session';
import { useFormat } from '../../lib/useFormat';
import { GenderRadio } from './GenderRadio';
import { NewPasswordFields } from './NewPasswordFields';
import { normalizeCode, OtpInput, ResendButton } from './OtpParts';

const FIELDS = [
  'name',
  'username',
  'phone',
  'email',
  'password',
  'password_confirmation',
  'gender',
] as const;

interface Sent {
  resendIn: number;
  expiresIn: number;
}

/** The last code sent: its resend countdown, lifetime and phone. */
interface SentState {
  until: number;
  expiresIn: number;
  expiresAt: number;
  phone: string;
}

/** Step 2: the code sent to `phone`. */
function CodeStep({
  details,
  sent,
  onResent,
  onBack,
  onDetailErrors,
}: {
  details: RegisterDetailsInput;
  sent: { until: number; expiresIn: number };
  onResent: (s: Sent) => void;
  onBack: () => void;
  /** The server refused a detail (e.g. the username was taken meanwhile). */
  onDetailErrors: (e: ApiError) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const parsed = otpField().safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'validation.otp');
      return;
    }
    setCodeError(null);
    setSubmitting(true);
    try {
      const res = await api.postJson<Envelope<{ token: string; user: User }>>('/register', {
        ...details,
        email: details.email || undefined,
        otp: normalizeCode(code),
      });
      saveSession(res.data.token, res.data.user);
      qc.clear();
      await navigate('/dashboard', { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if (err.errors.otp?.length) {
        setCodeError(err.errors.otp[0]);
        setCode('');
      } else if (FIELDS.some((k) => err.errors[k]?.length)) onDetailErrors(err);
      else setFormError(err.message || t('errors.actionFailed'));
    } finally {
      setSubmitting(false);
    }
  }

  async function resend() {
    setFormError(null);
    setResending(true);
    try {
      const res = await api.postJson<Envelope<Sent>>('/register/otp', {
        ...details,
        email: details.email || undefined,
      });
      onResent(res.data);
      setCode('');
      setCodeError(null);
      notifications.show({ color: 'green', message: t('otp.resent') });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if (FIELDS.some((k) => err.errors[k]?.length)) onDetailErrors(err);
      else setFormError(err.message || t('errors.actionFailed'));
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('otp.stepCode')}>
      <Text size="sm" c="dimmed" mb={4}>
        {t('otp.stepCode')}
      </Text>
      <Text mb={4}>{t('otp.sentTo', { phone: f.digits(details.phone) })}</Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('otp.validFor', { minutes: f.num(Math.round(sent.expiresIn / 60)) })}
      </Text>
      <FormErrorAlert error={formError} />
      <OtpInput
        value={code}
        onChange={(v) => {
          setCode(v);
          setCodeError(null);
        }}
        error={tMessage(codeError) || undefined}
        autoFocus
      />
      <Group justify="space-between" mt="xs" mb="md" gap="xs">
        <ResendButton until={sent.until} onResend={() => void resend()} loading={resending} />
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('otp.changeDetails')}
        </Anchor>
      </Group>
      <Button type="submit" fullWidth loading={submitting}>
        {t('otp.verify')}
      </Button>
    </form>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentState | null>(null);
  const [details, setDetails] = useState<RegisterDetailsInput | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterDetailsInput>({
    resolver: zodResolver(registerDetailsSchema, undefined, { raw: true }),
    defaultValues: {
      name: '',
      username: '',
      phone: '',
      email: '',
      password: '',
      password_confirmation: '',
      gender: undefined,
    },
  });

  const markSent = (s: Sent, phone: string) =>
    setSent({
      until: Date.now() + s.resendIn * 1000,
      expiresIn: s.expiresIn,
      expiresAt: Date.now() + s.expiresIn * 1000,
      phone,
    });

  const showDetailErrors = (e: unknown) => {
    if (!applyServerErrors(e, setError, FIELDS) && e instanceof ApiError) {
      setFormError(e.message || t('errors.actionFailed'));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // The same phone and its code still good (e.g. only the username changed after "taken"):
    // no new SMS needed; step 2 sends every detail again with the code.
    if (sent && sent.phone === values.phone && Date.now() < sent.expiresAt) {
      setDetails(values);
      return;
    }
    try {
      const res = await api.postJson<Envelope<Sent>>('/register/otp', {
        ...values,
        email: values.email || undefined,
      });
      markSent(res.data, values.phone);
      setDetails(values);
    } catch (e) {
      showDetailErrors(e);
    }
  });

  const err = (f: (typeof FIELDS)[number]) => tMessage(errors[f]?.message);
  const onCodeStep = details !== null && sent !== null;

  return (
    <AuthCard title={t('auth.registerTitle')}>
      {onCodeStep ? (
        <CodeStep
          details={details}
          sent={sent}
          onResent={(s) => markSent(s, details.phone)}
          onBack={() => setDetails(null)}
          onDetailErrors={(e) => {
            setDetails(null);
            // The form is mounted again on the next render; then the errors can be placed.
            setTimeout(() => showDetailErrors(e), 0);
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Text size="sm" c="dimmed" mb="sm">
            {t('otp.stepDetails')}
          </Text>
          <FormErrorAlert error={formError} />
          <TextInput
            label={t('auth.name')}
            autoComplete="name"
            required
            {...register('name')}
            error={err('name')}
            mb="sm"
          />
          <TextInput
            label={t('auth.username')}
            autoComplete="username"
            required
            {...register('username')}
            error={err('username')}
            mb="sm"
          />
          <TextInput
            label={t('auth.phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            {...register('phone')}
            error={err('phone')}
            mb="sm"
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            {...register('email')}
            error={err('email')}
            mb="sm"
          />
          <NewPasswordFields
            labels={{ password: t('auth.password'), confirmation: t('auth.passwordConfirmation') }}
            fields={{
              password: register('password'),
              confirmation: register('password_confirmation'),
            }}
            errors={{ password: err('password'), confirmation: err('password_confirmation') }}
            description={t('validation.password')}
            mb={{ password: 'sm', confirmation: 'sm' }}
          />
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <GenderRadio
                value={field.value ?? null}
                onChange={field.onChange}
                error={err('gender')}
                mb="md"
              />
            )}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t('otp.continue')}
          </Button>
        </form>
      )}
      <Text size="sm" ta="center">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to="/user/login">
          {t('auth.loginLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
