/** The "back to sign in" link under both password recovery cards. */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to="/user/login">
        {t('forgot.back')}
      </Anchor>
    </Text>
  );
}
