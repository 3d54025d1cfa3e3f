/** The history tab of the application detail: each lifecycle step, who took it, and edits. */
import { Box, Group, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BsDate } from '../../components/BsDate';
import { data } from '../../components/InfoGrid';
import { StatusBadge } from '../../components/StatusBadge';
import { useFormat } from '../../lib/useFormat';
import type { ApplicationDetail } from './types';

const MONEY_FIELDS = new Set(['capitalMax', 'capitalCurrent', 'capitalPaidUp', 'rentMonthly']);

export function HistoryTab({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const fieldLabel = (field: string) =>
    field === 'owners'
      ? t('form.sections.owners')
      : t(`form.${field}`, { defaultValue: field }).replace(/ \((BS|वि\.सं\.)\)$/, '');
  const showValue = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'boolean') return v ? '✓' : '✗';
    if (MONEY_FIELDS.has(field) && typeof v === 'number') return f.money(v);
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return f.date(v);
    if (field === 'rentPurpose' && typeof v === 'string') {
      return t(`form.purpose.${v}`, { defaultValue: v });
    }
    if (Array.isArray(v)) {
      return v
        .map((o) =>
          o && typeof o === 'object' && 'name' in o
            ? String((o as { name: unknown }).name)
            : String(o),
        )
        .join(', ');
    }
    if (typeof v === 'object') return JSON.stringify(v);
    return f.digits(String(v));
  };
  if (!d.history.length) return <Text c="dimmed">{t('detail.noHistory')}</Text>;
  return (
    <Timeline active={d.history.length - 1} bulletSize={18} lineWidth={2}>
      {d.history.map((h) => (
        <Timeline.Item key={h.id} title={t(`actions.${h.action}`, { defaultValue: h.action })}>
          <Group gap={6} mt={4} wrap="wrap">
            {h.fromStatus && <StatusBadge status={h.fromStatus} />}
            {h.fromStatus && h.toStatus && <Text size="sm">→</Text>}
            {h.toStatus && <StatusBadge status={h.toStatus} />}
          </Group>
          <Text size="sm" mt={4}>
            {t('detail.by')}: {data(h.byName) ?? '—'}
            {h.byUserType ? ` (${t(`roles.${h.byUserType}`, { defaultValue: h.byUserType })})` : ''}
          </Text>
          {h.changes && Object.keys(h.changes).length > 0 && (
            <Box mt={4}>
              <Text size="sm" fw={500}>
                {t('detail.changes')}:
              </Text>
              <Box component="ul" m={0} pl="md">
                {Object.entries(h.changes).map(([field, c]) => (
                  <Text component="li" size="sm" key={field} style={{ overflowWrap: 'anywhere' }}>
                    {fieldLabel(field)}: {showValue(field, c.from)} → {showValue(field, c.to)}
                  </Text>
                ))}
              </Box>
            </Box>
          )}
          {h.remarks && (
            <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('actions.remarks')}: {data(h.remarks)}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2}>
            <BsDate value={h.createdAt} />
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
