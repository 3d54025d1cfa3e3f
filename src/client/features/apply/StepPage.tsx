/**
 * The frame of each step of the application form (issue 17 §2): "Step n of 6" with a progress
 * bar and the step's title above, Back (or Cancel on the first step) and Continue (or Submit
 * on the last) below; the note of a restored draft.
 */
import { Alert, Button, Group, Progress, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../../lib/useFormat';
import type { Mode } from './formModel';
import { STEPS, type Step } from './steps';

/** "Step 2 of 6: Owners", the progress bar and the step's heading; `top` is scrolled to. */
export function StepHeader({ step, top }: { step: Step; top: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const stepNo = STEPS.indexOf(step);
  return (
    <div ref={top} style={{ scrollMarginTop: 80 }}>
      <Text size="sm" c="dimmed" data-testid="step-indicator">
        {t('steps.indicator', {
          n: f.num(stepNo + 1),
          total: f.num(STEPS.length),
          name: t(`steps.names.${step}`),
        })}
      </Text>
      <Progress value={((stepNo + 1) / STEPS.length) * 100} size="sm" mt={4} mb="sm" aria-hidden />
      <Title order={2} size="h3" mb="xs">
        {t(`steps.names.${step}`)}
      </Title>
    </div>
  );
}

/**
 * Back to the step before (Cancel on the first: back to the application or to "apply new")
 * and the submit button: Continue, or Submit/Save on "check your answers".
 */
export function StepButtons({
  step,
  mode,
  applicationId,
  submitting,
  onBack,
  spaced,
}: {
  step: Step;
  mode: Mode;
  applicationId?: number;
  submitting: boolean;
  onBack: () => void;
  /** A line (the draft's "saved") stands just above: less space. */
  spaced: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const last = step === 'check';
  return (
    <Group justify="space-between" mt={spaced ? 'md' : 'xs'}>
      {STEPS.indexOf(step) > 0 ? (
        <Button variant="default" onClick={onBack}>
          {t('steps.back')}
        </Button>
      ) : (
        <Button
          variant="default"
          onClick={() =>
            void navigate(
              mode === 'edit' && applicationId
                ? `/business/applications/${applicationId}/detail`
                : '/apply-new',
            )
          }
        >
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        {last ? t(mode === 'edit' ? 'form.save' : 'form.submit') : t('steps.continue')}
      </Button>
    </Group>
  );
}

/** The draft kept on this device was put back in the form (issue 7 §6); it may be discarded. */
export function DraftRestored({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" mb="md" title={t('offline.draftRestored')}>
      <Text size="sm">{t('offline.draftRestoredText')}</Text>
      <Button size="xs" variant="light" mt="xs" onClick={onDiscard}>
        {t('offline.discardDraft')}
      </Button>
    </Alert>
  );
}
