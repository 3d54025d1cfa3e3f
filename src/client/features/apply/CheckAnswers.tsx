/**
 * "Check your answers" (GOV.UK pattern, issue 17 §2): every answer of the form by step, each
 * with a "Change" link back to its step and field. Chosen options are shown by name, amounts
 * as rupees, switches as yes/no, files by name; the profile's photo and citizenship read-only.
 */
import { Anchor, Box, Card, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { ungroupNumber } from '../../../shared/numbers.js';
import { RENT_FIELDS } from '../../../shared/schemas/application-rules.js';
import type { Formatter } from '../../lib/useFormat';
import { LAND_FIELDS, type ApplicationFormValues, type DocSpec, type Kind } from './formModel';
import { FIELDS, type Step } from './steps';

interface Row {
  path: string;
  label: string;
  value: string;
  /** Not answered in this form (the profile's documents): no "Change". */
  readOnly?: boolean;
  /** The value is as the user typed it (a name, an address): marked `translate="no"`. */
  typed?: boolean;
}

type Named = { id: number; nameEn: string; nameNe: string };

/** What the review needs besides the values: the options chosen from, and the documents. */
export interface ReviewContext {
  kind: Kind;
  businessTypes?: Named[];
  states?: Named[];
  districts?: Named[];
  cities?: Named[];
  wards?: (Named & { number: number })[];
  docs: DocSpec[];
  /** Kinds of documents already on the application (edit). */
  existingKinds: string[];
  /** The profile whose photo and citizenship are attached is the user's own. */
  ownProfile: boolean;
}

const MONEY = new Set(['capitalMax', 'capitalCurrent', 'capitalPaidUp', 'rentMonthly']);

/** The rows of each step, in page order. */
export function reviewRows(
  v: ApplicationFormValues,
  ctx: ReviewContext,
  t: TFunction,
  f: Formatter,
): Record<Exclude<Step, 'check'>, Row[]> {
  const none = t('steps.notGiven');
  const named = (rows: Named[] | undefined, id: string) => {
    const r = rows?.find((x) => String(x.id) === id);
    return r ? f.name(r) : id;
  };
  const show = (k: string): string => {
    const raw = (v as unknown as Record<string, string>)[k]?.trim() ?? '';
    if (!raw) return none;
    if (MONEY.has(k)) {
      const n = Number(ungroupNumber(raw));
      return Number.isFinite(n) ? f.money(Math.round(n * 100)) : raw;
    }
    if (k === 'businessTypeId') return named(ctx.businessTypes, raw);
    if (k === 'permStateId') return named(ctx.states, raw);
    if (k === 'permDistrictId') return named(ctx.districts, raw);
    if (k === 'permCityId') return named(ctx.cities, raw);
    if (k === 'wardId') {
      const w = ctx.wards?.find((x) => String(x.id) === raw);
      return w ? `${f.num(w.number)} — ${f.name(w)}` : raw;
    }
    if (k === 'rentTaxPeriodMonths') return t('form.monthsN', { n: f.digits(raw) });
    if (k === 'rentPurpose') return t(`form.purpose.${raw}`);
    // numbers (phone, ward, sizes) in the language's digits; names and text as typed
    return /^[\d\s.,/-]+$/.test(raw) ? f.digits(raw) : raw;
  };
  const row = (k: string): Row => {
    const value = show(k);
    const raw = (v as unknown as Record<string, string>)[k]?.trim() ?? '';
    return { path: k, label: t(`form.${k}`), value, typed: raw !== '' && value === raw };
  };
  const yes = (b: boolean) => (b ? t('steps.yes') : t('steps.no'));
  const flag = (k: 'hasRent' | 'hasLand' | 'isOldRegistration'): Row => ({
    path: k,
    label: t(`form.${k}`),
    value: yes(v[k]),
  });
  const owners: Row[] =
    ctx.kind === 'multiple'
      ? v.owners.map((o, i) => ({
          path: `owners.${i}.name`,
          label: t('form.ownerN', { n: f.num(i + 1) }),
          value: [o.name, o.fatherOrHusbandName, f.digits(o.citizenshipNo)]
            .map((s) => s.trim())
            .filter(Boolean)
            .join(' · '),
          typed: true,
        }))
      : [row('ownerName'), row('fatherOrHusbandName')];
  return {
    business: [
      ...['businessName', 'businessTypeId', 'firmName', 'description'].map(row),
      ...['otherRegNo', 'otherRegOffice'].map(row),
      flag('isOldRegistration'),
      ...(v.isOldRegistration ? ['oldRegistrationNo', 'oldRegistrationDate'].map(row) : []),
    ],
    owners: [...owners, ...['applicantName', 'applicantAddress', 'applicantContact'].map(row)],
    // every field of the addresses step, in its order (steps.ts)
    addresses: FIELDS.addresses.map(row),
    capital: [
      ...['capitalMax', 'capitalCurrent', 'capitalPaidUp', 'cardLength', 'cardWidth'].map(row),
      flag('hasRent'),
      ...(v.hasRent ? RENT_FIELDS.map(row) : []),
      flag('hasLand'),
      ...(v.hasLand ? LAND_FIELDS.map(row) : []),
    ],
    documents: documentRows(v, ctx, t, f),
  };
}

/**
 * The documents: the profile's photo and citizenship first (read-only: they are changed on
 * the profile, issue 17 §3), then each file asked for by name, "kept" when already on the
 * application, and the old certificate's scan of an old registration.
 */
function documentRows(
  v: ApplicationFormValues,
  ctx: ReviewContext,
  t: TFunction,
  f: Formatter,
): Row[] {
  const fileName = (file: File | null | undefined, kept: boolean) =>
    file ? file.name : kept ? t('steps.kept') : t('steps.none');
  const profile: Row = {
    path: 'profileDocuments',
    label: t('steps.profileDocuments'),
    value: t(ctx.ownProfile ? 'steps.fromProfile' : 'steps.fromApplicantProfile'),
    readOnly: true,
  };
  const docs = ctx.docs.map((d) => ({
    path: `docs.${d.file.slug}`,
    label: f.name(d.file),
    value: fileName(v.docs[d.file.slug], ctx.existingKinds.includes(d.file.slug)),
  }));
  const old: Row = {
    path: 'oldCertificate',
    label: t('form.oldCertificate'),
    value: fileName(v.oldCertificate, ctx.existingKinds.includes('old-certificate')),
  };
  return [profile, ...docs, ...(v.isOldRegistration ? [old] : [])];
}

/** The review: one card per step, each answer with its "Change" link. */
export function CheckAnswers({
  rows,
  onChange,
  t,
}: {
  rows: Record<Exclude<Step, 'check'>, Row[]>;
  /** Goes back to the step of `path` and focuses its field. */
  onChange: (path: string) => void;
  t: TFunction;
}) {
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('steps.checkIntro')}</Text>
      {(Object.keys(rows) as (keyof typeof rows)[]).map((step) => (
        <Card key={step} withBorder radius="md" padding="md" component="section">
          <Title order={3} size="h4" mb="xs">
            {t(`steps.names.${step}`)}
          </Title>
          <Box component="dl" m={0}>
            {rows[step].map((r) => (
              // GOV.UK summary list: each row a <div> of <dt>, <dd> and the action's <dd>
              <Box
                key={r.path}
                py={6}
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) auto',
                  columnGap: 'var(--mantine-spacing-sm)',
                  borderBottom: '1px solid var(--mantine-color-gray-3)',
                }}
              >
                <Text component="dt" size="sm" fw={600}>
                  {r.label}
                </Text>
                <Text
                  component="dd"
                  translate={r.typed ? 'no' : undefined}
                  size="sm"
                  m={0}
                  style={{ gridColumn: 1, gridRow: 2, overflowWrap: 'anywhere' }}
                >
                  {r.value}
                </Text>
                {!r.readOnly && (
                  <Box component="dd" m={0} style={{ gridColumn: 2, gridRow: '1 / span 2' }}>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => onChange(r.path)}
                      aria-label={t('steps.changeField', { field: r.label })}
                    >
                      {t('steps.change')}
                    </Anchor>
                  </Box>
                )}
              </Box>
            ))}
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
