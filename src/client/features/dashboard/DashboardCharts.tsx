/**
 * The four dashboard charts of issue 7 §3 (applications by status, registrations per ward and
 * per business type, revenue per BS month of the fiscal year), drawn with @mantine/charts on
 * recharts. This module is only imported by the lazily loaded dashboard page, so recharts stays
 * out of the sign-in bundle. Every figure on an axis, in a tooltip and in the tables is written
 * in the user's digits (useFormat); labels are in the user's language.
 */
import { BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useElementSize, useReducedMotion } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Text as SvgText } from 'recharts';
import { bsMonthName } from '../../../shared/bs-date.js';
import { STATUSES } from '../../../shared/lifecycle.js';
import { STATUS_COLOR } from '../../components/StatusBadge';
import { useFormat } from '../../lib/useFormat';
import { ChartCard } from './ChartCard';
import type { DashboardData } from './types';

/** Height of one bar's row in the business type chart: room for three lines of a long name. */
const ROW_PX = 52;
/** Room under a horizontal bar chart for its value axis. */
const AXIS_PX = 36;

/**
 * A category tick of a horizontal bar chart: the name wrapped into at most three lines of
 * `width` px (SVG text does not wrap by itself), so long Nepali business type names fit on a
 * 360 px phone. A name still too long ends in an ellipsis; the table has it in full.
 */
function WrappedTick(props: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: string | number };
  width: number;
}) {
  return (
    <SvgText
      x={Number(props.x ?? 0) - 6}
      y={Number(props.y ?? 0)}
      width={props.width}
      maxLines={3}
      textAnchor="end"
      verticalAnchor="middle"
      fontSize={12}
      // Devanagari needs more than recharts' 1em between lines, or the lines touch
      lineHeight="1.35em"
      fill="currentColor"
    >
      {String(props.payload?.value ?? '')}
    </SvgText>
  );
}

/** Applications per status: a donut with a legend of the counts. */
function StatusChart({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const f = useFormat();
  // no bar or slice growing in for users who asked the system for less motion
  const reduceMotion = useReducedMotion();
  // the dashboard counts applications in progress and their outcomes; a closed registration
  // (issue 19 §2) is not one of them
  const slices = STATUSES.filter((s) => s !== 'closed').map((s) => ({
    name: t(`status.${s}`),
    value: data[s as Exclude<typeof s, 'closed'>],
    color: `${STATUS_COLOR[s]}.6`,
  }));
  const total = slices.reduce((n, s) => n + s.value, 0);
  return (
    <ChartCard
      title={t('charts.byStatus')}
      description={t('charts.byStatusDesc')}
      empty={total === 0}
      head={[t('charts.status'), t('charts.applications')]}
      rows={[
        ...slices.map((s): [string, string] => [s.name, f.num(s.value)]),
        [t('charts.total'), f.num(total)],
      ]}
    >
      <Group gap="lg" align="center" wrap="wrap" justify="center">
        <DonutChart
          data={slices.filter((s) => s.value > 0)}
          size={170}
          thickness={26}
          chartLabel={f.num(total)}
          styles={{ label: { fontSize: 22, fontWeight: 700 } }}
          valueFormatter={f.num}
          tooltipDataSource="segment"
          accessibilityLayer={false}
          // recharts makes the pie a tab stop by default; the table is the keyboard's way in
          pieProps={{ rootTabIndex: -1, isAnimationActive: !reduceMotion }}
        />
        <Stack gap={6}>
          {slices.map((s) => (
            <Group key={s.name} gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${s.color.replace('.', '-')})`} size={12} />
              <Text size="sm" style={{ flex: 1 }}>
                {s.name}
              </Text>
              <Text size="sm" fw={600} ta="right" miw={32}>
                {f.num(s.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}

/** Registrations per ward: one upright bar per ward that has any. */
function WardChart({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const f = useFormat();
  const reduceMotion = useReducedMotion();
  const rows = data.byWard.map((w) => ({ ward: f.num(w.number), n: w.n }));
  return (
    <ChartCard
      title={t('charts.byWard')}
      description={t('charts.byWardDesc')}
      empty={rows.length === 0}
      head={[t('charts.ward'), t('charts.registrations')]}
      rows={data.byWard.map((w) => [t('charts.wardN', { n: f.num(w.number) }), f.num(w.n)])}
    >
      <BarChart
        h={240}
        data={rows}
        dataKey="ward"
        series={[{ name: 'n', label: t('charts.registrations'), color: 'blue.6' }]}
        valueFormatter={f.num}
        xAxisLabel={t('charts.ward')}
        yAxisProps={{ allowDecimals: false, width: 'auto' }}
        tooltipProps={{ labelFormatter: (l) => t('charts.wardN', { n: String(l) }) }}
        maxBarWidth={48}
        // room above the top tick's label, and below the axis for its label (as Mantine sets)
        barChartProps={{ margin: { top: 10, bottom: 30 } }}
        accessibilityLayer={false}
        barProps={{ isAnimationActive: !reduceMotion }}
      />
    </ChartCard>
  );
}

/** Registrations per business type: horizontal bars, names wrapped beside them. */
function BusinessTypeChart({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const f = useFormat();
  const reduceMotion = useReducedMotion();
  const { ref, width } = useElementSize();
  // About two fifths of the card for the names: 120 px on a phone, up to 200 px on a desktop.
  const labelWidth = Math.round(Math.min(200, Math.max(110, width * 0.4)));
  const rows = data.byBusinessType.map((b) => ({ type: f.name(b), n: b.n }));
  return (
    <ChartCard
      title={t('charts.byBusinessType')}
      description={t('charts.byBusinessTypeDesc')}
      empty={rows.length === 0}
      head={[t('charts.businessType'), t('charts.registrations')]}
      rows={rows.map((r) => [r.type, f.num(r.n)])}
    >
      <div ref={ref}>
        <BarChart
          h={rows.length * ROW_PX + AXIS_PX}
          data={rows}
          dataKey="type"
          orientation="vertical"
          series={[{ name: 'n', label: t('charts.registrations'), color: 'teal.6' }]}
          valueFormatter={f.num}
          xAxisProps={{ allowDecimals: false }}
          yAxisProps={{
            width: labelWidth,
            interval: 0,
            tick: (p: object) => <WrappedTick {...p} width={labelWidth - 12} />,
          }}
          gridAxis="y"
          maxBarWidth={24}
          accessibilityLayer={false}
          barProps={{ isAnimationActive: !reduceMotion }}
        />
      </div>
    </ChartCard>
  );
}

/** Paisa received per BS month, Shrawan first: one horizontal bar per month. */
function RevenueChart({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const f = useFormat();
  const reduceMotion = useReducedMotion();
  const rows = data.revenueByMonth.map((m) => ({
    month: bsMonthName(m.month, f.lang),
    total: m.total,
  }));
  const fy = data.fiscalYear;
  return (
    <ChartCard
      title={t('charts.revenue')}
      description={
        fy
          ? t('charts.revenueDesc', { fy: f.lang === 'ne' ? f.digits(fy.code) : fy.code })
          : t('charts.revenueNoYear')
      }
      empty={rows.every((r) => r.total === 0)}
      head={[t('charts.month'), t('charts.amount')]}
      rows={[
        ...rows.map((r): [string, string] => [r.month, f.money(r.total)]),
        [t('charts.total'), f.money(rows.reduce((s, r) => s + r.total, 0))],
      ]}
    >
      <BarChart
        h={rows.length * 28 + AXIS_PX + 24}
        data={rows}
        dataKey="month"
        orientation="vertical"
        series={[{ name: 'total', label: t('charts.amount'), color: 'green.7' }]}
        // the tooltip: the exact amount; the axis: whole rupees, to keep its ticks short
        valueFormatter={f.money}
        xAxisProps={{ tickFormatter: (p: number) => f.num(Math.round(p / 100)) }}
        xAxisLabel={t('charts.rupees')}
        yAxisProps={{ width: 'auto', interval: 0 }}
        gridAxis="y"
        maxBarWidth={18}
        accessibilityLayer={false}
        barProps={{ isAnimationActive: !reduceMotion }}
      />
    </ChartCard>
  );
}

/** The four charts: one column on a phone, two on a wider screen. */
export function DashboardCharts({ data }: { data: DashboardData }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
      {/* paired by height on a desktop: the two short charts first, then the two tall ones */}
      <StatusChart data={data} />
      <WardChart data={data} />
      <RevenueChart data={data} />
      <BusinessTypeChart data={data} />
    </SimpleGrid>
  );
}
