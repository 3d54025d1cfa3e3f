/**
 * The frame of one dashboard chart: a heading, a short description (the section's accessible
 * description), the chart, and the same figures as a table. The chart itself is hidden from
 * assistive technology and out of the tab order; the table is what a screen reader reads, and
 * "Show as table" puts it on screen for keyboard and low-vision users (issue 7 §3, §7).
 * With no figures the card says so instead of drawing an empty chart.
 */
import { Box, Button, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One row of a chart's table: the category and its figure, both already formatted. */
export type ChartRow = [label: string, value: string];

export function ChartCard({
  title,
  description,
  empty,
  head,
  rows,
  children,
}: {
  title: string;
  description: string;
  /** true when there is nothing to draw (no rows, or every figure zero) */
  empty: boolean;
  /** column headings of the table: category, figure */
  head: [string, string];
  rows: ChartRow[];
  /** the chart */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const table = (
    <Table striped withTableBorder fz="sm" mt="xs">
      <caption style={{ captionSide: 'top', textAlign: 'start' }}>
        <VisuallyHidden>{title}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{head[0]}</Table.Th>
          <Table.Th scope="col" ta="right">
            {head[1]}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400}>
              {label}
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      style={{ minWidth: 0 }}
    >
      <Title order={3} fz="lg" id={`${id}-title`}>
        {title}
      </Title>
      <Text id={`${id}-desc`} size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      {empty ? (
        <Text py="xl" ta="center" c="dimmed" fs="italic">
          {t('charts.noData')}
        </Text>
      ) : (
        <>
          <Box aria-hidden="true">{children}</Box>
          <Button
            variant="default"
            size="compact-sm"
            mt="xs"
            aria-expanded={showTable}
            aria-controls={`${id}-table`}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? t('charts.hideTable') : t('charts.showTable')}
          </Button>
          <div id={`${id}-table`}>
            {showTable ? table : <VisuallyHidden>{table}</VisuallyHidden>}
          </div>
        </>
      )}
    </Paper>
  );
}
