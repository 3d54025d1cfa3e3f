/**
 * What a page shows when its record is missing (or hidden from the user): "not found" and a
 * link to where they can go on. The detail, edit, renew, certificate and receipt pages all say
 * it the same way.
 */
import { Alert, Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundAlert({ to, children }: { to: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('errors.notFound')}>
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Alert>
  );
}
