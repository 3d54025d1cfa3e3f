/**
 * The profile's account forms (issue 5 §3): edit own details (POST /api/profiles, the shared
 * profileUpdateSchema) and change password (SPEC §2 "change password"; POST
 * /api/profiles/password, the shared changePasswordSchema), which signs out every other session
 * (issue 16 §3: the server's default; this session stays signed in).
 */
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { normalizeLang } from '../../../shared/i18n/langs.js';
import {
  changePasswordSchema,
  profileUpdateSchema,
  type User,
} from '../../../shared/schemas/auth.js';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { api, ApiError, type Envelope } from '../../lib/api';
import { PROFILE_KEY } from '../../lib/auth';
import { applyServerErrors } from '../../lib/forms';
import { currentLang, setLang, tMessage } from '../../lib/i18n';
import { USER_KEY } from '../../lib/session';
import { useFormat } from '../../lib/useFormat';
import { GenderRadio, NewPasswordFields } from '../auth';

type DetailsInput = z.input<typeof profileUpdateSchema>;
type PasswordInput_ = z.input<typeof changePasswordSchema>;
const DETAIL_FIELDS = ['name', 'email', 'gender', 'lang'] as const;
const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      maw={720}
      mt="md"
      component="section"
      aria-labelledby={id}
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={3} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function EditDetailsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DetailsInput>({
    resolver: zodResolver(profileUpdateSchema, undefined, { raw: true }),
    defaultValues: {
      name: user.name,
      email: user.email ?? '',
      gender: user.gender,
      lang: normalizeLang(user.lang),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api.post<Envelope<User>>('/profiles', {
        ...values,
        email: values.email?.trim() ?? '',
      });
      // The cached profile and the stored `user` (SPEC §9) follow the server.
      qc.setQueryData(PROFILE_KEY, res.data);
      localStorage.setItem(USER_KEY, JSON.stringify(res.data));
      const lang = normalizeLang(res.data.lang);
      if (lang !== currentLang()) await setLang(lang);
      notifications.show({ color: 'green', message: t('profileEdit.saved') });
    } catch (e) {
      if (!applyServerErrors(e, setError, DETAIL_FIELDS) && e instanceof ApiError) {
        setFormError(e.message || t('errors.actionFailed'));
      }
    }
  });

  const err = (f: (typeof DETAIL_FIELDS)[number]) => tMessage(errors[f]?.message) || undefined;

  return (
    <Section id="details-title" title={t('profileEdit.detailsTitle')}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="details-title">
        <FormErrorAlert error={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('auth.name')}
            autoComplete="name"
            required
            {...register('name')}
            error={err('name')}
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            {...register('email')}
            error={err('email')}
          />
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <GenderRadio
                value={field.value ?? null}
                onChange={field.onChange}
                error={err('gender')}
              />
            )}
          />
          <Controller
            control={control}
            name="lang"
            render={({ field }) => (
              <Radio.Group
                name="lang"
                label={t('common.language')}
                required
                value={field.value ?? null}
                onChange={field.onChange}
                error={err('lang')}
              >
                <Group mt={4}>
                  <Radio value="en-US" label={t('profileEdit.english')} />
                  <Radio value="ne" label={t('profileEdit.nepali')} />
                </Group>
              </Radio.Group>
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={isSubmitting}>
            {t('profileEdit.save')}
          </Button>
        </Group>
      </form>
    </Section>
  );
}

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInput_>({
    resolver: zodResolver(changePasswordSchema, undefined, { raw: true }),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setDone(null);
    try {
      const res = await api.post<Envelope<{ revoked: number }>>('/profiles/password', {
        current_password: values.current_password,
        password: values.password,
        password_confirmation: values.password_confirmation,
      });
      reset();
      setDone(res.data.revoked);
      notifications.show({ color: 'green', message: t('profileEdit.changed') });
    } catch (e) {
      if (!applyServerErrors(e, setError, PASSWORD_FIELDS) && e instanceof ApiError) {
        setFormError(e.message || t('errors.actionFailed'));
      }
    }
  });

  const err = (k: (typeof PASSWORD_FIELDS)[number]) => tMessage(errors[k]?.message) || undefined;

  return (
    <Section id="password-title" title={t('profileEdit.passwordTitle')}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="password-title">
        <FormErrorAlert error={formError} />
        {done !== null && (
          <Alert color="green" mb="md" role="status">
            {t('profileEdit.changed')}{' '}
            {done > 0 ? t('profileEdit.revoked', { n: f.num(done) }) : ''}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} mb="sm">
          <PasswordInput
            label={t('profileEdit.currentPassword')}
            autoComplete="current-password"
            required
            {...register('current_password')}
            error={err('current_password')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NewPasswordFields
            labels={{
              password: t('profileEdit.newPassword'),
              confirmation: t('profileEdit.confirmPassword'),
            }}
            fields={{
              password: register('password'),
              confirmation: register('password_confirmation'),
            }}
            errors={{ password: err('password'), confirmation: err('password_confirmation') }}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          {t('validation.password')}
        </Text>
        <Text size="sm" c="dimmed" mt="md">
          {t('profileEdit.signOutOthersHelp')}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={isSubmitting}>
            {t('profileEdit.change')}
          </Button>
        </Group>
      </form>
    </Section>
  );
}
