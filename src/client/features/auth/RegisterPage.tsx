/**
 * New user registration (SPEC §2 `/register`), validated with the shared registerSchema.
 * Success stores token and user and goes to /dashboard, like login.
 */
import { Alert, Anchor, Button, Group, PasswordInput, Radio, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { registerSchema, type RegisterInput, type User } from '../../../shared/schemas/auth.js';
import { AuthCard } from '../../components/AuthCard';
import { api, ApiError, type Envelope } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { saveSession } from '../../lib/session';

const FIELDS = [
  'name',
  'username',
  'phone',
  'email',
  'password',
  'password_confirmation',
  'gender',
] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema, undefined, { raw: true }),
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

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api.post<Envelope<{ token: string; user: User }>>('/register', {
        ...values,
        email: values.email || undefined,
      });
      saveSession(res.data.token, res.data.user);
      qc.clear();
      await navigate('/dashboard', { replace: true });
    } catch (e) {
      if (!applyServerErrors(e, setError, FIELDS) && e instanceof ApiError) {
        setFormError(e.message || t('errors.actionFailed'));
      }
    }
  });

  const err = (f: (typeof FIELDS)[number]) => tMessage(errors[f]?.message);

  return (
    <AuthCard title={t('auth.registerTitle')}>
      <form onSubmit={onSubmit} noValidate>
        {formError && (
          <Alert color="red" mb="md" role="alert">
            {formError}
          </Alert>
        )}
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
        <PasswordInput
          label={t('auth.password')}
          autoComplete="new-password"
          required
          description={t('validation.password')}
          {...register('password')}
          error={err('password')}
          mb="sm"
        />
        <PasswordInput
          label={t('auth.passwordConfirmation')}
          autoComplete="new-password"
          required
          {...register('password_confirmation')}
          error={err('password_confirmation')}
          mb="sm"
        />
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Radio.Group
              name="gender"
              label={t('auth.gender')}
              required
              value={field.value ?? null}
              onChange={field.onChange}
              error={err('gender')}
              mb="md"
            >
              <Group mt={4}>
                <Radio value="male" label={t('gender.male')} />
                <Radio value="female" label={t('gender.female')} />
              </Group>
            </Radio.Group>
          )}
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {t('auth.register')}
        </Button>
      </form>
      <Text size="sm" ta="center">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to="/user/login">
          {t('auth.loginLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
