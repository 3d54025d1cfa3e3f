/**
 * The per-resource configs agree with the rest of the system: every label is in both
 * catalogues, every route has a config and the other way round, every form field is a field of
 * the shared schema the server applies (and every required schema field is in the form), and
 * the form value helpers convert money, dates, passwords and id lists as the API expects.
 */
import { describe, expect, it } from 'vitest';
import type { ZodObject } from 'zod';
import { leafKeys, resources } from '../../../shared/i18n/index.js';
import { SETUP_RESOURCES } from '../../../shared/schemas/resources.js';
import { CONFIGS } from './configs';
import {
  emptyValues,
  paisaToRupees,
  payloadToFormData,
  recordToValues,
  toPayload,
} from './formValues';
import { RESOURCE_ROUTES } from './routes';
import type { FieldDef } from './types';

const en = new Set(leafKeys(resources['en-US']));
const ne = new Set(leafKeys(resources.ne));

describe('resource configs', () => {
  it('cover exactly the setup resources, each with a route', () => {
    expect(Object.keys(CONFIGS).sort()).toEqual([...SETUP_RESOURCES].sort());
    expect(RESOURCE_ROUTES.map((r) => r.resource).sort()).toEqual([...SETUP_RESOURCES].sort());
  });

  it('use only catalogue keys that exist in both languages', () => {
    const keys = new Set<string>();
    for (const c of Object.values(CONFIGS)) {
      keys.add(c.title);
      keys.add(c.one);
      if (c.searchHint) keys.add(c.searchHint);
      for (const col of c.columns) keys.add(col.label);
      for (const f of c.filters ?? []) {
        keys.add(f.label);
        if (f.kind === 'enum') f.options.forEach((o) => keys.add(o.label));
      }
      for (const fd of c.fields ?? []) {
        keys.add(fd.label);
        if (fd.help) keys.add(fd.help);
        if (fd.kind === 'enum') fd.options.forEach((o) => keys.add(o.label));
      }
    }
    for (const r of RESOURCE_ROUTES) keys.add(r.label);
    expect([...keys].filter((k) => !en.has(k))).toEqual([]);
    expect([...keys].filter((k) => !ne.has(k))).toEqual([]);
  });

  it('send only fields the shared schema knows, and every field it requires', () => {
    for (const c of Object.values(CONFIGS)) {
      if (c.readOnly) continue;
      for (const mode of ['create', 'update'] as const) {
        const schema = c.schema?.[mode] as ZodObject | undefined;
        expect(schema, `${c.name} ${mode}`).toBeDefined();
        const shape = schema!.shape;
        const sent = (c.fields ?? []).filter((fd) => !fd.virtual).map((fd) => fd.name);
        expect(
          sent.filter((n) => !(n in shape)),
          c.name,
        ).toEqual([]);
        const required = Object.entries(shape)
          .filter(
            ([, s]) =>
              !(s as { safeParse: (v: unknown) => { success: boolean } }).safeParse(undefined)
                .success,
          )
          .map(([k]) => k);
        expect(
          required.filter((k) => !sent.includes(k)),
          `${c.name} ${mode}`,
        ).toEqual([]);
      }
    }
  });
});

const fields: FieldDef[] = [
  { name: 'nameEn', label: 'fields.nameEn', kind: 'text' },
  { name: 'maxCapital', label: 'fields.maxCapital', kind: 'rupees' },
  { name: 'startDate', label: 'fields.startDate', kind: 'bsDate' },
  { name: 'isRequired', label: 'fields.isRequired', kind: 'switch' },
  { name: 'password', label: 'fields.password', kind: 'password', required: 'create' },
  { name: 'photo', label: 'fields.photo', kind: 'file' },
  {
    name: 'permissionIds',
    label: 'fields.permissionIds',
    kind: 'multiselect',
    resource: 'permissions',
  },
  {
    name: 'stateId',
    label: 'fields.stateId',
    kind: 'select',
    resource: 'states',
    virtual: {},
  },
  {
    name: 'wardId',
    label: 'fields.wardId',
    kind: 'select',
    resource: 'wards',
    visibleWhen: (v) => v.userType === 'wardadmin',
  },
];

describe('form values', () => {
  it('writes paisa as rupees', () => {
    expect(paisaToRupees(50000000)).toBe('500000');
    expect(paisaToRupees(150050)).toBe('1500.50');
    expect(paisaToRupees(5)).toBe('0.05');
    expect(paisaToRupees(0)).toBe('0');
    expect(paisaToRupees(null)).toBe('');
  });

  it("fills the form from a record: rupees and BS dates in the language's digits, booleans, id lists", () => {
    const v = recordToValues(
      fields,
      {
        id: 1,
        nameEn: 'x',
        maxCapital: 150050,
        startDate: '2025-07-17',
        isRequired: true,
        password: 'never',
        permissionIds: [3, 4],
      },
      'ne',
    );
    expect(v).toMatchObject({
      nameEn: 'x',
      maxCapital: '१५००.५०',
      startDate: '२०८२-०४-०१',
      isRequired: true,
      password: '',
      photo: null,
      permissionIds: ['3', '4'],
    });
  });

  it('builds the request: BS → AD, 1/0, id lists as name[], no helper or hidden fields', () => {
    const values = {
      ...emptyValues(fields),
      nameEn: '  Bakery ',
      maxCapital: '१,०००',
      startDate: '२०८२-०४-०१',
      isRequired: false,
      permissionIds: ['3', '4'],
      stateId: '3',
      wardId: '2',
    };
    const { payload, errors } = toPayload(fields, values, 'edit');
    expect(errors).toEqual({});
    expect(payload).toEqual({
      nameEn: 'Bakery',
      maxCapital: '१,०००',
      startDate: '2025-07-17',
      isRequired: '0',
      permissionIds: ['3', '4'],
    });
    const fd = payloadToFormData(payload);
    expect(fd.getAll('permissionIds[]')).toEqual(['3', '4']);
    expect(fd.has('password')).toBe(false);

    const created = toPayload(fields, { ...values, userType: 'wardadmin', password: '' }, 'create');
    expect(created.payload.wardId).toBe('2');
    expect(created.payload.password).toBe('');

    const bad = toPayload(fields, { ...values, startDate: '2082-02-40' }, 'edit');
    expect(bad.errors).toEqual({ startDate: 'validation.date' });
  });
});
