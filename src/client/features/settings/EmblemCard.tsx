/**
 * The palika's emblem on the settings screen (issue 17 §6): the current one (the flag of Nepal
 * until an image is uploaded), a PNG or JPEG of at most 1 MiB chosen with a preview before it is
 * uploaded, and going back to the flag. The server checks the bytes again (413 too large, 422
 * another type) and its message shows under the file field.
 */
import { Button, FileInput, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMBLEM_TYPES,
  MAX_EMBLEM_BYTES,
  SETTINGS_MSG,
  type SettingsView,
} from '../../../shared/schemas/settings.js';
import { ApiError } from '../../lib/api';
import { tMessage } from '../../lib/i18n';
import { useChangeSettings } from './api';

/** The problem with a chosen file (a catalogue key), or null. */
function emblemProblem(file: File): string | null {
  if (file.size > MAX_EMBLEM_BYTES) return SETTINGS_MSG.emblemTooLarge;
  if (!(EMBLEM_TYPES as readonly string[]).includes(file.type)) return SETTINGS_MSG.emblemType;
  return null;
}

/** An object URL of `file` for the preview, revoked when the file changes or the card goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

export function EmblemCard({ view }: { view: SettingsView }) {
  const { t, i18n } = useTranslation();
  const change = useChangeSettings();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreview(file && !emblemProblem(file) ? file : null);
  const name = i18n.language === 'ne' ? view.nameNe : view.nameEn;

  const choose = (f: File | null) => {
    setFile(f);
    setError(f ? emblemProblem(f) : null);
  };
  const run = async (c: { emblem: File } | { removeEmblem: true }, done: string) => {
    setError(null);
    try {
      await change.mutateAsync(c);
      setFile(null);
      notifications.show({ color: 'green', message: t(done), autoClose: 5000 });
    } catch (e) {
      if (e instanceof ApiError) setError(e.errors.emblem?.[0] ?? e.message);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm">
        {t('settings.emblem')}
      </Title>
      <Group align="flex-start" gap="lg">
        <Stack gap={4} align="center" w={120}>
          <Image
            src={preview ?? view.emblemUrl}
            alt={t('settings.emblemAlt', { name })}
            h={96}
            w="auto"
            fit="contain"
            data-testid="emblem-preview"
          />
          <Text size="xs" c="dimmed" ta="center">
            {t(preview ? 'settings.newEmblem' : 'settings.currentEmblem')}
          </Text>
        </Stack>
        <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text size="sm">{t('settings.emblemHelp')}</Text>
          {!view.customEmblem && (
            <Text size="sm" c="dimmed">
              {t('settings.emblemDefault')}
            </Text>
          )}
          <FileInput
            label={t('settings.chooseEmblem')}
            accept={EMBLEM_TYPES.join(',')}
            value={file}
            onChange={choose}
            clearable
            error={tMessage(error) || undefined}
          />
          <Group gap="xs">
            <Button
              disabled={!file || !!emblemProblem(file)}
              loading={change.isPending && !!file}
              onClick={() => file && void run({ emblem: file }, 'settings.emblemSaved')}
            >
              {t('settings.uploadEmblem')}
            </Button>
            {view.customEmblem && (
              <Button
                variant="default"
                onClick={() => void run({ removeEmblem: true }, 'settings.emblemRemoved')}
              >
                {t('settings.removeEmblem')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
