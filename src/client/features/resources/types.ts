/**
 * The per-resource configuration of the generic list page and form dialog (SPEC §2 "Generic
 * list pages", DESIGN.md §7): one small object per resource says which columns the list shows
 * (and which may be sorted), which filters it offers, and which fields the form has with their
 * input kinds. Labels are catalogue keys; the page translates them.
 */
import type { CardSpec } from '../../components/ListCards';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { TFunction } from 'i18next';
import type { Formatter } from '../../lib/useFormat';

/** A row of a resource list / a record of `GET /api/{r}/{id}`. */
export interface ResourceRow {
  id: number;
  status?: number | string;
  nameEn?: string | null;
  nameNe?: string | null;
  [key: string]: unknown;
}

/** What the form holds: raw strings as typed, booleans, files as chosen, id lists. */
export type FormValue = string | boolean | File | null | string[];
export type FormValues = Record<string, FormValue>;

/** A dropdown record of `GET /api/{r}/all`. */
export type OptionRow = ResourceRow;

/** Writes an option's label from its record (default: the name in the user's language). */
export type OptionLabel = (row: OptionRow, f: Formatter) => string;

export interface RenderContext {
  t: TFunction;
  f: Formatter;
}

// ---------------------------------------------------------------- list columns

export type ColumnKind =
  /** plain text as stored */
  | 'text'
  /** text whose digits follow the language (codes, phone numbers, slugs) */
  | 'digits'
  /** `nameEn`/`nameNe` (or `<key>En`/`<key>Ne`) in the user's language */
  | 'name'
  | 'number'
  /** integer paisa shown as rupees */
  | 'money'
  /** AD date shown as BS */
  | 'date'
  /** instant shown as BS date and time */
  | 'datetime'
  /** value translated through `enumKey.<value>` */
  | 'enum'
  | 'bool';

export interface ColumnDef {
  /** Row field (for 'name': the base, e.g. 'name' → nameEn/nameNe). */
  key: string;
  /** Catalogue key of the column title. */
  label: string;
  kind?: ColumnKind;
  /** Sortable on the server; the sort key is the field (for 'name' the language's column). */
  sortable?: boolean;
  /** Sort key when it differs from the above (e.g. a joined name sorted in English only). */
  sortKey?: string;
  /** Catalogue prefix for 'enum' values, e.g. 'requiredIn' → t('requiredIn.both'). */
  enumKey?: string;
  /** Keep the cell on one line (codes, slugs). Names and text wrap by default. */
  noWrap?: boolean;
  /** Custom cell. */
  render?: (row: ResourceRow, ctx: RenderContext) => ReactNode;
  minWidth?: number;
}

// ---------------------------------------------------------------- list filters

export interface SelectSource {
  /** Resource whose `GET /api/{resource}/all` gives the options. */
  resource: string;
  /**
   * Cascading: the options are filtered by another field's (or filter's) value, e.g. districts
   * by `{field: 'stateId', key: 'stateId'}`; empty until that field has a value.
   */
  filterBy?: { field: string; key: string };
  /** How an option is written (default: the name in the user's language). */
  optionLabel?: OptionLabel;
}

export type FilterDef =
  | ({
      kind: 'select';
      /** Filter key sent in `filters` (and the URL parameter). */
      name: string;
      label: string;
    } & SelectSource)
  | {
      kind: 'enum';
      name: string;
      label: string;
      options: { value: string; label: string }[];
    };

// ---------------------------------------------------------------- form fields

interface FieldBase {
  /** Form field = request field = key of the record and of the schema. */
  name: string;
  /** Catalogue key of the label. */
  label: string;
  /** Catalogue key of a help text. */
  help?: string;
  /** true, or required only when creating ('create'). Schemas decide; this marks the label. */
  required?: boolean | 'create';
  /** Shown (and sent) only when this holds, e.g. the ward of a ward admin. */
  visibleWhen?: (values: FormValues) => boolean;
  /** Takes the whole row of the two-column form. */
  wide?: boolean;
  /** Value of a new record (default: empty, switches off). */
  initial?: FormValue;
  /**
   * Helps the form only (e.g. the province that narrows the district picker); never sent. On
   * edit it is derived from the record: `GET /api/{resource}/{record[field]}` → `[key]`.
   */
  virtual?: { deriveFrom?: { field: string; resource: string; key: string } };
}

export type FieldDef =
  | (FieldBase & {
      kind: 'text' | 'textarea' | 'email' | 'phone' | 'password';
      /** Script the value is written in (sets `lang` on the input for keyboards/fonts). */
      lang?: 'en' | 'ne';
      placeholder?: string;
    })
  | (FieldBase & { kind: 'number' })
  /** Rupees typed, paisa stored: the record's paisa are shown as rupees when editing. */
  | (FieldBase & { kind: 'rupees' })
  /** BS date typed 'YYYY-MM-DD' (Latin or Devanagari digits), sent as AD. */
  | (FieldBase & { kind: 'bsDate' })
  | (FieldBase & { kind: 'switch' })
  | (FieldBase & { kind: 'enum'; options: { value: string; label: string }[] })
  | (FieldBase & { kind: 'select' } & SelectSource)
  /** An upload; `fileIdKey` names the record field holding the current file's id. */
  | (FieldBase & { kind: 'file'; fileIdKey?: string })
  /** Several ids (sent as `name[]`), grouped by `groupBy` of the option records. */
  | (FieldBase & { kind: 'multiselect'; groupBy?: string } & SelectSource);

export type FieldKind = FieldDef['kind'];

// ---------------------------------------------------------------- the resource

export interface ResourceConfig {
  /** API name: `/api/{name}`; permissions `view-|create-|edit-|delete-{name}`. */
  name: string;
  /** Catalogue key of the page title (plural). */
  title: string;
  /** Catalogue key of one record (for "Add …" / "Edit …"). */
  one: string;
  /** No create, edit, delete or status toggle (OTP logs). */
  readOnly?: boolean;
  /** Offer the per-row status toggle (default true unless readOnly). */
  statusToggle?: boolean;
  /** Offer the text search `q` (default true). */
  search?: boolean;
  /** Catalogue key of the search box's hint: what `q` searches (default: the names). */
  searchHint?: string;
  /** Offer the status filter (default true). */
  statusFilter?: boolean;
  columns: ColumnDef[];
  /**
   * Which columns make a row's card below 600 px (components/ListCards.tsx); default: the first
   * column as the title, the status, the next three columns and the actions.
   */
  card?: CardSpec;
  filters?: FilterDef[];
  fields?: FieldDef[];
  /**
   * The shared zod schemas (src/shared/schemas/resources.ts) the server applies; used in raw
   * mode to validate the form before submit. Without them a check built from `fields` is used.
   */
  schema?: { create?: ZodType; update?: ZodType };
  /** How a row is named in confirmations and accessible labels (default: code or name). */
  rowName?: (row: ResourceRow, f: Formatter) => string;
  /** Dialog width. */
  dialogSize?: 'md' | 'lg' | 'xl';
}
