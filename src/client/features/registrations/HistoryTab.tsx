/**
 * The history tab of the application detail, written for people (issue 17 §7): each step in the
 * past tense ("Verified, fees assessed"), who took it and in which role, the BS date AND time
 * of day in Nepal, the status it moved from and to, the fields an edit changed as before →
 * after (rupees for money, BS dates, Yes/No, option names), and a checklist change as the
 * names of the boxes ticked and unticked (the server resolves them, `checkNames`).
 */
import { Box, Group, Text, Timeline } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { data } from '../../components/InfoGrid';
import { StatusBadge } from '../../components/StatusBadge';
import { bsDateTime } from '../../lib/bsDateTime';
import type { Formatter } from '../../lib/useFormat';
import { useFormat } from '../../lib/useFormat';
import type { ApplicationDetail, HistoryEntry } from './types';

/** Application fields held in paisa. */
const MONEY_FIELDS = new Set(['capitalMax', 'capitalCurrent', 'capitalPaidUp', 'rentMonthly']);

/** The past-tense label key of a history action ('revoke-certificate' → revokeCertificate). */
export const historyActionKey = (action: string) =>
  `staff.history.actions.${action.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`;

/** One changed value, written for a person. */
export function historyValue(field: string, v: unknown, t: TFunction, f: Formatter): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? t('staff.history.yes') : t('staff.history.no');
  if (MONEY_FIELDS.has(field) && typeof v === 'number') return f.money(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return f.date(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return bsDateTime(v, f);
  if (field === 'rentPurpose' && typeof v === 'string') {
    return t(`form.purpose.${v}`, { defaultValue: v });
  }
  if (Array.isArray(v)) {
    if (!v.length) return '—';
    return v
      .map((o) =>
        o && typeof o === 'object' && 'name' in o
          ? String((o as { name: unknown }).name)
          : f.digits(String(o)),
      )
      .join(', ');
  }
  // a ward or business type named by the server (an amendment's history, issue 19)
  if (typeof v === 'object' && 'nameEn' in v && 'nameNe' in v) {
    const named = v as { number?: number; nameEn: string; nameNe: string };
    const name = f.name(named);
    return named.number != null ? `${f.num(named.number)} — ${name}` : name;
  }
  if (typeof v === 'object') return '—';
  return typeof v === 'number' ? f.num(v) : f.digits(String(v));
}

/** Ticked and unticked checkbox names of one checklist change (ids the server named). */
export function checklistDiff(
  change: { from: unknown; to: unknown },
  names: HistoryEntry['checkNames'],
  f: Formatter,
): { ticked: string[]; unticked: string[] } {
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
  const from = ids(change.from);
  const to = ids(change.to);
  const name = (id: number) => {
    const n = names?.[String(id)];
    return n ? f.name(n) : `#${f.num(id)}`;
  };
  return {
    ticked: to.filter((id) => !from.includes(id)).map(name),
    unticked: from.filter((id) => !to.includes(id)).map(name),
  };
}

function Changes({ h, d }: { h: HistoryEntry; d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!h.changes || !Object.keys(h.changes).length) return null;
  const fieldLabel = (field: string) =>
    field === 'owners'
      ? t('form.sections.owners')
      : field === 'renewal' || field === 'request'
        ? t('applications.submissionNo')
        : t(`form.${field}`, { defaultValue: field }).replace(/ \((BS|वि\.सं\.)\)$/, '');
  if (h.action === 'checklist') {
    return (
      <Box component="ul" m={0} mt={4} pl="md">
        {Object.entries(h.changes).map(([kind, c]) => {
          const doc = d.documents.find((x) => x.kind === kind);
          const { ticked, unticked } = checklistDiff(c, h.checkNames, f);
          return (
            <Text component="li" size="sm" key={kind} style={{ overflowWrap: 'anywhere' }}>
              {t('staff.history.checklistOf', { doc: doc ? f.name(doc) : kind })}:{' '}
              {ticked.length > 0 && t('staff.history.ticked', { names: ticked.join(', ') })}
              {ticked.length > 0 && unticked.length > 0 && '; '}
              {unticked.length > 0 && t('staff.history.unticked', { names: unticked.join(', ') })}
              {!ticked.length && !unticked.length && t('staff.history.nothingTicked')}
            </Text>
          );
        })}
      </Box>
    );
  }
  return (
    <Box mt={4}>
      <Text size="sm" fw={500}>
        {t('detail.changes')}:
      </Text>
      <Box component="ul" m={0} pl="md">
        {Object.entries(h.changes).map(([field, c]) => (
          <Text component="li" size="sm" key={field} style={{ overflowWrap: 'anywhere' }}>
            {fieldLabel(field)}: {historyValue(field, c.from, t, f)} →{' '}
            {historyValue(field, c.to, t, f)}
          </Text>
        ))}
      </Box>
    </Box>
  );
}

export function HistoryTab({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!d.history.length) return <Text c="dimmed">{t('detail.noHistory')}</Text>;
  return (
    <Timeline active={d.history.length - 1} bulletSize={18} lineWidth={2}>
      {d.history.map((h) => (
        <Timeline.Item
          key={h.id}
          title={t(historyActionKey(h.action), {
            defaultValue: t(`actions.${h.action}`, { defaultValue: h.action }),
          })}
        >
          <Text size="sm" c="dimmed" mt={2}>
            <time dateTime={h.createdAt}>{bsDateTime(h.createdAt, f)}</time>
            {h.byName && (
              <>
                {' · '}
                <Trans
                  i18nKey={h.byUserType ? 'staff.history.byRole' : 'staff.history.by'}
                  values={{
                    name: h.byName,
                    role: h.byUserType
                      ? t(`roles.${h.byUserType}`, { defaultValue: h.byUserType })
                      : '',
                  }}
                  components={{ n: <span translate="no" /> }}
                />
              </>
            )}
          </Text>
          {h.toStatus && h.fromStatus !== h.toStatus && (
            <Group gap={6} mt={4} wrap="wrap">
              {h.fromStatus && <StatusBadge status={h.fromStatus} />}
              {h.fromStatus && <Text size="sm">→</Text>}
              <StatusBadge status={h.toStatus} />
            </Group>
          )}
          <Changes h={h} d={d} />
          {h.remarks && (
            <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('actions.remarks')}: {data(h.remarks)}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
