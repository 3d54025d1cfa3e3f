/**
 * The error summary at the top of a step (GOV.UK pattern, issue 17 §2): the heading "There is
 * a problem" and one link per problem, in page order; a link moves the focus to its field.
 * The summary takes the focus when it appears, so a screen reader reads it at once.
 */
import { Anchor, Box, List, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryItem {
  path: string;
  /** "Business name: This field is required" */
  text: string;
}

export function ErrorSummary({
  items,
  onPick,
}: {
  items: SummaryItem[];
  /** Focuses the field of `path`. */
  onPick: (path: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const shown = items.map((i) => i.path).join('|');
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (!items.length) return null;
  return (
    <Box
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby={headingId}
      data-testid="error-summary"
      p="md"
      mb="md"
      style={{
        border: '4px solid var(--mantine-color-red-7)',
        borderRadius: 'var(--mantine-radius-sm)',
        outlineOffset: 2,
      }}
    >
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('steps.problem')}
      </Title>
      <List spacing={4} size="sm">
        {items.map((i) => (
          <List.Item key={i.path}>
            <Anchor
              href={`#${i.path}`}
              c="red.8"
              fw={600}
              underline="always"
              onClick={(e) => {
                e.preventDefault();
                onPick(i.path);
              }}
            >
              {i.text}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Box>
  );
}
