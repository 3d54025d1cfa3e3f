/**
 * One form field of the generic dialog, by its kind (types.ts FieldDef): text, number, rupees,
 * BS date, enum and resource selects (native, cascading), switch, file, and the grouped
 * multi-select (permission picker). Every input carries `name` = the request field.
 */
import {
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Fieldset,
  Input,
} from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useTranslation } from 'react-i18next';
import { RESOURCES } from '../../../shared/permissions.js';
import { FileLink } from '../../components/AuthImage';
import { BsDatePicker } from '../../components/BsDatePicker';
import { checkUpload, UPLOAD_ACCEPT } from '../../lib/forms';
import { tMessage } from '../../lib/i18n';
import { useFormat, type Formatter } from '../../lib/useFormat';
import { useAllOptions } from '../../lib/useOptions';
import type { FieldDef, FormValue, OptionRow, ResourceRow, SelectSource } from './types';

export interface FieldInputProps {
  fd: FieldDef;
  value: FormValue;
  onChange: (v: FormValue) => void;
  onBlur?: () => void;
  /** Catalogue key or server text. */
  error?: string;
  required: boolean;
  /** The value of the field this one cascades from (SelectSource.filterBy). */
  parentValue?: FormValue;
  /** The record being edited (current files). */
  record?: ResourceRow;
  /** Reports a client-side problem with a chosen file (catalogue key) or clears it (null). */
  onFileProblem?: (problem: string | null) => void;
  inputRef?: (el: HTMLElement | null) => void;
}

/** Options of a resource select, loaded from `/all` (narrowed by the parent's value). */
export function useSelectOptions(src: SelectSource, parentValue: FormValue | undefined) {
  const f = useFormat();
  const parent = src.filterBy ? Number(parentValue) || 0 : 0;
  const enabled = !src.filterBy || parent > 0;
  const q = useAllOptions<OptionRow>(
    src.resource,
    src.filterBy && parent ? { [src.filterBy.key]: parent } : undefined,
    enabled,
  );
  const label = (r: OptionRow) => (src.optionLabel ? src.optionLabel(r, f) : f.name(r));
  return {
    enabled,
    rows: enabled ? (q.data ?? []) : [],
    options: enabled ? (q.data ?? []).map((r) => ({ value: String(r.id), label: label(r) })) : [],
  };
}

/** `verify-applications` → ['verify', 'applications']: the verb and the resource it acts on. */
export function splitPermission(slug: string): { verb: string; group: string } | null {
  const group = RESOURCES.find((r) => slug.endsWith(`-${r}`));
  return group ? { verb: slug.slice(0, -group.length - 1), group } : null;
}

const VERBS = ['view', 'create', 'edit', 'delete'];
/** Position in `list`; unknown values after all known ones. */
const rank = (list: readonly string[], v: string | undefined) => {
  const i = v ? list.indexOf(v) : -1;
  return i < 0 ? list.length : i;
};

function PermissionPicker({
  fd,
  value,
  onChange,
  error,
  f,
}: {
  fd: Extract<FieldDef, { kind: 'multiselect' }>;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
  f: Formatter;
}) {
  const { t } = useTranslation();
  const { rows } = useSelectOptions(fd, undefined);
  // Groups in the order of the resources; within one, view/create/edit/delete first.
  const groups = new Map<string, OptionRow[]>();
  const sorted = [...rows].sort((a, b) => {
    const sa = splitPermission(String(a.slug ?? ''));
    const sb = splitPermission(String(b.slug ?? ''));
    return (
      rank(RESOURCES, sa?.group) - rank(RESOURCES, sb?.group) ||
      rank(VERBS, sa?.verb) - rank(VERBS, sb?.verb) ||
      String(a.slug).localeCompare(String(b.slug))
    );
  });
  for (const r of sorted) {
    const split = splitPermission(String(r.slug ?? ''));
    const g = split?.group ?? String((fd.groupBy && r[fd.groupBy]) || '');
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  const chosen = new Set(value);
  const itemLabel = (r: OptionRow) => {
    const split = splitPermission(String(r.slug ?? ''));
    return split
      ? t(`permissionVerbs.${split.verb}`, { defaultValue: f.name(r) })
      : f.name(r) || String(r.slug);
  };
  const groupLabel = (g: string) => t(`permissionGroups.${g}`, { defaultValue: g });
  return (
    <Input.Wrapper
      label={t(fd.label)}
      description={t('resource.chosenCount', { n: f.num(chosen.size) })}
      error={error}
      id={`field-${fd.name}`}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
        {[...groups.entries()].map(([g, items]) => {
          const ids = items.map((r) => String(r.id));
          const all = ids.every((id) => chosen.has(id));
          const some = ids.some((id) => chosen.has(id));
          return (
            <Fieldset
              key={g}
              legend={
                <Checkbox
                  label={
                    <Text fw={600} size="sm">
                      {groupLabel(g)}
                    </Text>
                  }
                  aria-label={t('resource.allInGroup', { group: groupLabel(g) })}
                  checked={all}
                  indeterminate={some && !all}
                  onChange={() =>
                    onChange(
                      all
                        ? value.filter((v) => !ids.includes(v))
                        : [...new Set([...value, ...ids])],
                    )
                  }
                />
              }
              p="xs"
              pt={4}
            >
              <Stack gap={6}>
                {items.map((r) => (
                  <Checkbox
                    key={r.id}
                    name={`${fd.name}[]`}
                    value={String(r.id)}
                    label={itemLabel(r)}
                    title={String(r.slug ?? '')}
                    checked={chosen.has(String(r.id))}
                    onChange={(e) =>
                      onChange(
                        e.currentTarget.checked
                          ? [...value, String(r.id)]
                          : value.filter((v) => v !== String(r.id)),
                      )
                    }
                  />
                ))}
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

function ResourceSelect({
  fd,
  common,
  value,
  onChange,
  parentValue,
}: {
  fd: Extract<FieldDef, { kind: 'select' }>;
  common: Record<string, unknown>;
  value: string;
  onChange: (v: string) => void;
  parentValue?: FormValue;
}) {
  const { t } = useTranslation();
  const { enabled, options } = useSelectOptions(fd, parentValue);
  // A record may point at a row no longer active (not in `/all`): keep it choosable.
  const known = !value || options.some((o) => o.value === value);
  return (
    <NativeSelect
      {...common}
      disabled={!enabled}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: '', label: t('form.choose') },
        ...options,
        ...(known ? [] : [{ value, label: `#${value}` }]),
      ]}
    />
  );
}

export function FieldInput({
  fd,
  value,
  onChange,
  onBlur,
  error,
  required,
  parentValue,
  record,
  onFileProblem,
  inputRef,
}: FieldInputProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const str = typeof value === 'string' ? value : '';
  const common = {
    name: fd.name,
    label: t(fd.label),
    description: fd.help ? t(fd.help) : undefined,
    required,
    error: tMessage(error),
    onBlur,
    ref: inputRef,
  };
  const text = {
    ...common,
    value: str,
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
  };

  switch (fd.kind) {
    case 'text':
      return <TextInput {...text} lang={fd.lang} placeholder={fd.placeholder} autoComplete="off" />;
    case 'textarea':
      return <GrowingTextarea {...text} lang={fd.lang} minRows={2} />;
    case 'email':
      return <TextInput {...text} type="email" autoComplete="off" />;
    case 'phone':
      return (
        <TextInput
          {...text}
          type="tel"
          inputMode="numeric"
          placeholder={t('a11y.phonePlaceholder')}
          autoComplete="off"
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...text}
          autoComplete="new-password"
          description={
            !required && fd.required === 'create' ? t('resource.passwordKeep') : common.description
          }
        />
      );
    case 'number':
      return <TextInput {...text} inputMode="numeric" />;
    case 'rupees':
      return (
        <TextInput
          {...text}
          inputMode="decimal"
          leftSection={<Text size="sm">{t('form.rs')}</Text>}
          leftSectionWidth={f.lang === 'ne' ? 40 : 36}
        />
      );
    case 'bsDate':
      return (
        <BsDatePicker
          name={fd.name}
          label={common.label}
          description={common.description ?? t('payment.paidDateHelp')}
          required={required}
          error={common.error}
          onBlur={onBlur}
          inputRef={inputRef}
          value={str}
          onChange={(text) => onChange(text)}
        />
      );
    case 'enum':
      return (
        <NativeSelect
          {...text}
          data={[
            { value: '', label: t('form.choose') },
            ...fd.options.map((o) => ({ value: o.value, label: t(o.label) })),
          ]}
        />
      );
    case 'select':
      return (
        <ResourceSelect
          fd={fd}
          common={common}
          value={str}
          onChange={onChange}
          parentValue={parentValue}
        />
      );
    case 'switch':
      return (
        <Switch
          name={fd.name}
          label={t(fd.label)}
          description={common.description}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={common.error}
          ref={inputRef as never}
          mt="xs"
        />
      );
    case 'file': {
      const currentId = fd.fileIdKey ? record?.[fd.fileIdKey] : null;
      return (
        <Stack gap={4}>
          <FileInput
            {...common}
            description={
              common.description ?? (currentId ? t('resource.keepFile') : t('form.uploadHelp'))
            }
            placeholder={t('form.chooseFile')}
            clearable
            accept={UPLOAD_ACCEPT}
            value={value instanceof File ? value : null}
            onChange={(file) => {
              onChange(file);
              onFileProblem?.(checkUpload(file));
            }}
          />
          {typeof currentId === 'number' && (
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                {t('resource.currentFile')}:
              </Text>
              <FileLink fileId={currentId} filename={`${fd.name}-${currentId}`}>
                <Text size="xs" span>
                  {t('common.openFile')}
                </Text>
              </FileLink>
            </Group>
          )}
        </Stack>
      );
    }
    case 'multiselect':
      return (
        <PermissionPicker
          fd={fd}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          error={common.error}
          f={f}
        />
      );
  }
}
