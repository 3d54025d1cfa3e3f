/**
 * The filters of a setup resource's list page: a native select per filter, "All" first; a
 * parent filter takes its options from the parent's `/all` list, narrowed by its own parent.
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSelectOptions } from './FieldInput';
import type { FilterDef } from './types';

interface FilterProps {
  value: string;
  parentValue?: string;
  onChange: (v: string) => void;
}

/** A native select of a filter, with "All" first. */
function FilterInput({
  name,
  label,
  data,
  disabled,
  value,
  onChange,
}: FilterProps & {
  name: string;
  label: string;
  data: { value: string; label: string }[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={label}
      name={name}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: '', label: t('resource.all') }, ...data]}
      miw={150}
    />
  );
}

/** A parent filter: options from `/all`, narrowed by its own parent (cascading). */
function ResourceFilter({
  def,
  ...props
}: FilterProps & { def: Extract<FilterDef, { kind: 'select' }> }) {
  const { t } = useTranslation();
  const { enabled, options } = useSelectOptions(def, props.parentValue);
  return (
    <FilterInput
      {...props}
      name={def.name}
      label={t(def.label)}
      data={options}
      disabled={!enabled}
    />
  );
}

/** One filter of a list page, whatever its kind. */
export function FilterSelect({ def, ...props }: FilterProps & { def: FilterDef }) {
  const { t } = useTranslation();
  if (def.kind === 'select') return <ResourceFilter def={def} {...props} />;
  return (
    <FilterInput
      {...props}
      name={def.name}
      label={t(def.label)}
      data={def.options.map((o) => ({ value: o.value, label: t(o.label) }))}
    />
  );
}
