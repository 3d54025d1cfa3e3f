/**
 * A small badge naming what an application asks for when it is a request about a registration
 * (issue 19: "Amendment", "Closure", "Duplicate certificate"); nothing for a registration or a
 * renewal, whose rows read as before.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Service } from '../../shared/lifecycle.js';

const COLOR: Partial<Record<Service, string>> = {
  amendment: 'teal',
  closure: 'dark',
  duplicate: 'grape',
};

export function ServiceBadge({ service }: { service?: Service | null }) {
  const { t } = useTranslation();
  if (!service || !COLOR[service]) return null;
  return (
    <Badge size="sm" variant="light" color={COLOR[service]} data-testid="service-badge">
      {t(`service.${service}`)}
    </Badge>
  );
}
