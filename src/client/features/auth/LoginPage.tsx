/**
 * Login (SPEC §2 `/` and `/user/login`): username or phone + password. Success stores token and
 * user and goes to /dashboard (SPEC §4); failure shows the server's errors on the fields or
 * above the form (SPEC §8). The form goes as JSON: public routes take no multipart (issue 16 §3).
 *
 * This is the first screen, so it stays in the main bundle and avoids zod and react-hook-form
 * (DESIGN.md §8 first-load budget): the only client rule is "required" (the shared loginSchema's
 * message key), and the server applies the full loginSchema.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { User } from '../../../shared/schemas/auth.js';
import { AuthCard } from '../../components/AuthCard';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { api, ApiError, type Envelope } from '../../lib/api';
import { tMessage } from '../../lib/i18n';
import { usePublicSettings } from '../../lib/palika';
import { saveSession } from '../../lib/session';

type Field = 'username' | 'password';

/**
 * The palika's emblem, name and office address above the sign-in card (issue 17 §6), from one
 * small public request; nothing while it loads or when it cannot be read.
 */
function PalikaHeader() {
  const { t, i18n } = useTranslation();
  const { data } = usePublicSettings();
  if (!data) return null;
  const ne = i18n.language === 'ne';
  const name = (ne ? data.nameNe : data.nameEn) || data.nameEn || data.nameNe;
  const address = (ne ? data.addressNe : data.addressEn) || data.addressEn;
  return (
    <Stack align="center" gap={4} mb="md" data-testid="palika-header">
      <Image
        src={data.emblemUrl}
        alt={t('settings.emblemAlt', { name })}
        h={72}
        w="auto"
        fit="contain"
      />
      <Text component="p" fw={700} size="lg" c="red.9" ta="center" m={0}>
        {name}
      </Text>
      {address && (
        <Text size="sm" c="dimmed" ta="center">
          {address}
        </Text>
      )}
    </Stack>
  );
}
/** Same key as the shared schemas' MSG.required (kept literal so zod stays out of this chunk). */
const REQUIRED = 'validation.required';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Set by /reset/password after a successful reset (kept literal: that page is lazy-loaded).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (k: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((s) => ({ ...s, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const username = values.username.trim();
    const next: Partial<Record<Field, string>> = {};
    if (!username) next.username = REQUIRED;
    if (!values.password) next.password = REQUIRED;
    setErrors(next);
    if (next.username || next.password) return;
    setSubmitting(true);
    try {
      const res = await api.postJson<Envelope<{ token: string; user: User }>>('/login', {
        username,
        password: values.password,
      });
      saveSession(res.data.token, res.data.user);
      // A previous user's cached data must not leak into this session.
      qc.clear();
      // A one-time password (npm run create-admin) must be changed first: the server refuses
      // everything else until then (issue 16 §1).
      const next = res.data.user.passwordChangeRequired ? '/profile#password-title' : '/dashboard';
      await navigate(next, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const fieldErrors: Partial<Record<Field, string>> = {
        username: err.errors.username?.[0],
        password: err.errors.password?.[0],
      };
      setErrors(fieldErrors);
      if (!fieldErrors.username && !fieldErrors.password) {
        setFormError(err.message || t('errors.actionFailed'));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('auth.loginTitle')} header={<PalikaHeader />}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {notice === 'passwordReset' && !formError && (
          <Alert color="green" mb="md" role="status">
            {t('forgot.done')}
          </Alert>
        )}
        <FormErrorAlert error={formError} />
        <TextInput
          label={t('auth.usernameOrPhone')}
          name="username"
          autoComplete="username"
          required
          value={values.username}
          onChange={change('username')}
          error={tMessage(errors.username)}
          mb="sm"
        />
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={tMessage(errors.password)}
          mb={4}
        />
        <Group justify="flex-end" mb="md">
          <Anchor component={Link} to="/forget-password" size="sm">
            {t('forgot.link')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={submitting}>
          {t('auth.login')}
        </Button>
      </form>
      <Text size="sm" ta="center">
        {t('auth.noAccount')}{' '}
        <Anchor component={Link} to="/register">
          {t('auth.registerLink')}
        </Anchor>
      </Text>
      {/* The manual is its own lazy chunk: only the link is in the login bundle. */}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/manual">
          {t('manual.nav')}
        </Anchor>
      </Text>
      {/* The public register (issue 19 §6): anyone may search the registered businesses. */}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/public-register">
          {t('auth.publicRegisterLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

export default LoginPage;
