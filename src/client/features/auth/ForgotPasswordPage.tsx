/**
 * Password recovery, step 1 (SPEC §2 `/forget/password` and `/forget-password`; issue 5 §2):
 * a username or mobile number. The server answers the same whether or not the account exists,
 * so the page says the same neutral thing either way and goes on to /reset/password with the
 * login. Sent as JSON (public routes take no multipart, issue 16 §3).
 */
import { Button, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { forgotPasswordSchema } from '../../../shared/schemas/auth.js';
import { AuthCard } from '../../components/AuthCard';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { api, ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { BackToSignIn } from './BackToSignIn';

type ForgotInput = z.input<typeof forgotPasswordSchema>;

/** What /reset/password receives in the router state. */
export interface ResetState {
  login?: string;
  /** The code was just asked for: show the neutral notice and start the resend countdown. */
  sentAt?: number;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = (location.state as ResetState | null)?.login ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput>({
    resolver: zodResolver(forgotPasswordSchema, undefined, { raw: true }),
    defaultValues: { login: initial },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.postJson('/password/forgot', { login: values.login.trim() });
      const state: ResetState = { login: values.login.trim(), sentAt: Date.now() };
      await navigate('/reset/password', { state });
    } catch (e) {
      if (!applyServerErrors(e, setError, ['login']) && e instanceof ApiError) {
        setFormError(e.message || t('errors.actionFailed'));
      }
    }
  });

  return (
    <AuthCard title={t('forgot.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Text size="sm" c="dimmed" mb="sm">
          {t('forgot.intro')}
        </Text>
        <FormErrorAlert error={formError} />
        <TextInput
          label={t('auth.usernameOrPhone')}
          autoComplete="username"
          required
          {...register('login')}
          error={tMessage(errors.login?.message)}
          mb="md"
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {t('forgot.send')}
        </Button>
      </form>
      <BackToSignIn />
    </AuthCard>
  );
}
