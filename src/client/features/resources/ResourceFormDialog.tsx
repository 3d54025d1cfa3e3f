/**
 * The one form dialog of every setup resource (SPEC §2 "Create and edit happen in a form
 * dialog", §4, §5): fields from the resource's config, validated before submit with the
 * shared schema (raw mode), posted as multipart to `POST /api/{r}` (create) or
 * `POST /api/{r}/{id}` (update; the record is loaded with `GET /api/{r}/{id}?lang=`). Server
 * validation errors (422 `errors`) land on their fields; the caller closes the dialog,
 * refreshes the list and follows `redirect`/`redirect_page` on success.
 */
import { Alert, Box, Button, Center, Group, Loader, Modal, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, ApiError, type Envelope } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { FieldInput } from './FieldInput';
import {
  emptyValues,
  isRequired,
  makeResolver,
  payloadToFormData,
  recordToValues,
  toPayload,
  visibleFields,
  type Mode,
} from './formValues';
import type { FieldDef, FormValues, ResourceConfig, ResourceRow } from './types';

/** A save answer (SPEC §3/§4: the form data may carry redirect and redirect_page). */
export interface SaveAnswer {
  data: ResourceRow;
  message?: string;
  redirect?: string | boolean | null;
  redirect_page?: string | null;
}

export type DialogTarget = { mode: 'create' } | { mode: 'edit'; id: number };

export const detailKey = (name: string, id: number, lang: string) =>
  [`/${name}`, 'detail', id, lang] as const;

/** Fields whose options depend on `name` (cascading pickers), transitively. */
function dependents(fields: readonly FieldDef[], name: string): string[] {
  const direct = fields
    .filter((fd) => 'filterBy' in fd && fd.filterBy?.field === name)
    .map((fd) => fd.name);
  return direct.flatMap((d) => [d, ...dependents(fields, d)]);
}

/** The field name an API error key belongs to: `permissionIds.0` / `permissionIds[]`. */
const errorField = (key: string) => key.split(/[.[]/)[0];

function ResourceForm({
  config,
  mode,
  id,
  record,
  defaults,
  onSaved,
  onCancel,
  label,
}: {
  config: ResourceConfig;
  mode: Mode;
  id?: number;
  record?: ResourceRow;
  defaults: FormValues;
  onSaved: (answer: SaveAnswer, mode: Mode) => void;
  onCancel: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  const fields = useMemo(() => config.fields ?? [], [config]);
  const resolver = useMemo(() => makeResolver(config, mode), [config, mode]);
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver, defaultValues: defaults });
  const values = watch();
  const shown = visibleFields(fields, values);

  const onSubmit = handleSubmit(async (vals) => {
    // Files are checked here too (type and size); the schema only knows one was chosen.
    const { payload } = toPayload(fields, vals, mode);
    try {
      const answer = await api.post<SaveAnswer>(
        mode === 'create' ? `/${config.name}` : `/${config.name}/${id}`,
        payloadToFormData(payload),
      );
      onSaved(answer, mode);
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      const names = new Set(visibleFields(fields, vals).map((fd) => fd.name));
      let first = true;
      for (const [key, messages] of Object.entries(e.errors)) {
        const field = errorField(key);
        if (!names.has(field) || !messages?.length) continue;
        setError(field, { type: 'server', message: messages[0] }, { shouldFocus: first });
        first = false;
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {shown.map((fd) => {
          const parent = 'filterBy' in fd && fd.filterBy ? values[fd.filterBy.field] : undefined;
          return (
            <Box key={fd.name} style={fd.wide ? { gridColumn: '1 / -1' } : undefined}>
              <Controller
                control={control}
                name={fd.name}
                render={({ field }) => (
                  <FieldInput
                    fd={fd}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      for (const d of dependents(fields, fd.name)) setValue(d, '');
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={errors[fd.name]?.message}
                    required={isRequired(fd, mode)}
                    parentValue={parent}
                    record={record}
                    onFileProblem={(problem) =>
                      problem
                        ? setError(fd.name, { type: 'file', message: problem })
                        : clearErrors(fd.name)
                    }
                  />
                )}
              />
            </Box>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('resource.save')}
        </Button>
      </Group>
    </form>
  );
}

/** Loads the record (and the values of derived helper fields), then shows the form. */
function EditForm({
  config,
  id,
  ...rest
}: {
  config: ResourceConfig;
  id: number;
  onSaved: (answer: SaveAnswer, mode: Mode) => void;
  onCancel: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const fields = config.fields ?? [];
  const q = useQuery({
    queryKey: detailKey(config.name, id, f.lang),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<Envelope<ResourceRow>>(
        `/${config.name}/${id}`,
        { lang: f.lang },
        signal,
      );
      const values = recordToValues(fields, data, f.lang);
      // e.g. a city's province, from its district (unless the record carries it).
      for (const fd of fields) {
        const from = fd.virtual?.deriveFrom;
        if (!from || values[fd.name] || data[from.field] == null) continue;
        const parent = await api.get<Envelope<ResourceRow>>(
          `/${from.resource}/${String(data[from.field])}`,
          undefined,
          signal,
        );
        const v = parent.data[from.key];
        values[fd.name] = v == null ? '' : String(v);
      }
      return { record: data, values };
    },
    staleTime: 0,
    gcTime: 0,
  });
  if (q.isPending) {
    return (
      <Center mih={160}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (q.isError) {
    return (
      <Alert color="red" role="alert">
        {q.error instanceof ApiError && q.error.message
          ? q.error.message
          : t('errors.actionFailed')}
      </Alert>
    );
  }
  return (
    <ResourceForm
      config={config}
      mode="edit"
      id={id}
      record={q.data.record}
      defaults={q.data.values}
      {...rest}
    />
  );
}

export function ResourceFormDialog({
  config,
  target,
  onClose,
  onSaved,
}: {
  config: ResourceConfig;
  target: DialogTarget | null;
  onClose: () => void;
  onSaved: (answer: SaveAnswer, mode: Mode) => void;
}) {
  const { t } = useTranslation();
  // A long form: on phones the dialog takes the whole screen.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const one = t(config.one);
  const title =
    target?.mode === 'edit'
      ? t('resource.editTitle', { name: one })
      : t('resource.createTitle', { name: one });
  const defaults = useMemo(() => emptyValues(config.fields ?? []), [config]);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size={config.dialogSize ?? 'lg'}
      fullScreen={phone}
      centered
    >
      {target?.mode === 'create' && (
        <ResourceForm
          config={config}
          mode="create"
          defaults={defaults}
          onSaved={onSaved}
          onCancel={onClose}
          label={title}
        />
      )}
      {target?.mode === 'edit' && (
        <EditForm
          key={target.id}
          config={config}
          id={target.id}
          onSaved={onSaved}
          onCancel={onClose}
          label={title}
        />
      )}
    </Modal>
  );
}
