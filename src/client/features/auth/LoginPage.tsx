/**
 * Login (SPEC §2 `/` and `/user/login`): username or phone + password, validated with the
 * shared loginSchema. Success stores token and user and goes to /dashboard (SPEC §4);
 * failure shows the server's errors on the fields or above the form (SPEC §8).
 */
import { Alert, Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type LoginInput, type User } from '../../../shared/schemas/auth.js';
import { AuthCard } from '../../components/AuthCard';
import { api, ApiError, type Envelope } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { saveSession } from '../../lib/session';

const FIELDS = ['username', 'password'] as const;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema, undefined, { raw: true }),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api.post<Envelope<{ token: string; user: User }>>('/login', values);
      saveSession(res.data.token, res.data.user);
      // A previous user's cached data must not leak into this session.
      qc.clear();
      await navigate('/dashboard', { replace: true });
    } catch (e) {
      if (!applyServerErrors(e, setError, FIELDS) && e instanceof ApiError) {
        setFormError(e.message || t('errors.actionFailed'));
      }
    }
  });

  return (
    <AuthCard title={t('auth.loginTitle')}>
      <form onSubmit={onSubmit} noValidate>
        {formError && (
          <Alert color="red" mb="md" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('auth.usernameOrPhone')}
          autoComplete="username"
          required
          {...register('username')}
          error={tMessage(errors.username?.message)}
          mb="sm"
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...register('password')}
          error={tMessage(errors.password?.message)}
          mb="md"
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {t('auth.login')}
        </Button>
      </form>
      <Text size="sm" ta="center">
        {t('auth.noAccount')}{' '}
        <Anchor component={Link} to="/register">
          {t('auth.registerLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

export default LoginPage;
