/**
 * Password recovery, step 2 (SPEC §2 `/reset/password`; issue 5 §2): the login (carried from
 * the request page), the 6-digit code from the SMS and the new password twice, validated with
 * the shared resetPasswordSchema. Success signs out every session on the server and goes to
 * /user/login with a notice. Sent as JSON (public routes take no multipart, issue 16 §3); a
 * refused code has one answer whatever the reason, so it says nothing about the account.
 */
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { resetPasswordSchema } from '../../../shared/schemas/auth.js';
import { AuthCard } from '../../components/AuthCard';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { api, ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { BackToSignIn } from './BackToSignIn';
import type { ResetState } from './ForgotPasswordPage';
import { NewPasswordFields } from './NewPasswordFields';
import { normalizeCode, OtpInput, ResendButton } from './OtpParts';

type ResetInput = z.input<typeof resetPasswordSchema>;
const FIELDS = ['login', 'otp', 'password', 'password_confirmation'] as const;
const RESEND_SECONDS = 60;

/** The login page's notice after a reset (router state of /user/login). */
export interface LoginNotice {
  notice?: 'passwordReset';
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state as ResetState | null) ?? {};
  const [formError, setFormError] = useState<string | null>(null);
  const [resendUntil, setResendUntil] = useState(() =>
    state.sentAt ? state.sentAt + RESEND_SECONDS * 1000 : 0,
  );
  const [resending, setResending] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput>({
    resolver: zodResolver(resetPasswordSchema, undefined, { raw: true }),
    defaultValues: { login: state.login ?? '', otp: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.postJson('/password/reset', {
        ...values,
        login: values.login.trim(),
        otp: normalizeCode(values.otp),
      });
      const notice: LoginNotice = { notice: 'passwordReset' };
      await navigate('/user/login', { replace: true, state: notice });
    } catch (e) {
      if (e instanceof ApiError && e.errors.otp?.length) setValue('otp', '');
      if (!applyServerErrors(e, setError, FIELDS) && e instanceof ApiError) {
        setFormError(e.message || t('errors.actionFailed'));
      }
    }
  });

  async function resend() {
    const login = getValues('login').trim();
    if (!login) {
      setError('login', { type: 'required', message: 'validation.required' });
      return;
    }
    setResending(true);
    try {
      await api.postJson('/password/forgot', { login });
      setResendUntil(Date.now() + RESEND_SECONDS * 1000);
      notifications.show({ color: 'green', message: t('forgot.sent') });
    } catch {
      /* the toast has said it */
    } finally {
      setResending(false);
    }
  }

  const err = (f: (typeof FIELDS)[number]) => tMessage(errors[f]?.message) || undefined;

  return (
    <AuthCard title={t('forgot.resetTitle')}>
      <form onSubmit={onSubmit} noValidate>
        {state.sentAt ? (
          <Alert color="blue" mb="md" role="status">
            {t('forgot.sent')}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed" mb="sm">
          {t('forgot.resetIntro')}
        </Text>
        <FormErrorAlert error={formError} />
        <TextInput
          label={t('auth.usernameOrPhone')}
          autoComplete="username"
          required
          {...register('login')}
          error={err('login')}
          mb="sm"
        />
        <Controller
          control={control}
          name="otp"
          render={({ field }) => (
            <OtpInput value={field.value} onChange={field.onChange} error={err('otp')} />
          )}
        />
        <Group justify="space-between" mt={4} mb="sm" gap="xs">
          <ResendButton until={resendUntil} onResend={() => void resend()} loading={resending} />
        </Group>
        <NewPasswordFields
          labels={{ password: t('forgot.newPassword'), confirmation: t('forgot.confirmPassword') }}
          fields={{
            password: register('password'),
            confirmation: register('password_confirmation'),
          }}
          errors={{ password: err('password'), confirmation: err('password_confirmation') }}
          description={t('validation.password')}
          mb={{ password: 'sm', confirmation: 'md' }}
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {t('forgot.reset')}
        </Button>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
