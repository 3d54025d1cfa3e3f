/**
 * The ONE route factory of the generic resource contract (SPEC §7 table, DESIGN.md §6,
 * issue 3). For every declaration of registry.ts it registers:
 *
 *   GET  /api/{r}                       list          view-{r}
 *   GET  /api/{r}/export?format=        CSV / XLSX    view-{r}    (the list's filters and sort)
 *   GET  /api/{r}/all?filters=          dropdowns     signed in (setup data) or view-{r}
 *   GET  /api/{r}/with-slug/{slug}      one by slug   view-{r}    (resources with a slug)
 *   GET  /api/{r}/{id}?lang=            one           view-{r}
 *   POST /api/{r}                       create        create-{r}  ┐
 *   POST /api/{r}/delete                soft delete   delete-{r}  │ not for read-only
 *   POST /api/{r}/{id}                  update        edit-{r}    │ resources (otp-tokens):
 *   PUT  /api/{r}/{id}/change-status    toggle 1↔0    edit-{r}    │ those paths are 404
 *   POST /api/{r}/{id}/update-dropdown  one field     edit-{r}    ┘
 *
 * Access is declared as data on each route (config.access, plugins/auth.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../shared/i18n/index.js';
import { listMetaSchema, listQuerySchema } from '../../../shared/schemas/list.js';
import {
  deleteResultSchema,
  deleteRowsSchema,
  RESOURCE_ROWS,
  updateDropdownSchema,
} from '../../../shared/schemas/resources.js';
import { todayAd } from '../../../shared/bs-date.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { exportQuerySchema, sendExport } from '../../lib/export.js';
import type { FileStore } from '../../lib/storage.js';
import type { Access } from '../../plugins/auth.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { resourceExportColumns } from './export-columns.js';
import { fiscalYearRoutes } from './fiscal-years.js';
import { RESOURCES } from './registry.js';
import { ResourceService } from './service.js';
import type { Ctx, ResourceDef } from './types.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const langQuery = z.object({ lang: z.string().max(10).optional() });
const allQuery = listQuerySchema.pick({ filters: true, lang: true });
const handBack = { redirect: z.string().optional(), redirect_page: z.string().optional() };

/** The form field names of a resource, for the OpenAPI description. */
function describeList(def: ResourceDef) {
  return [
    `Generic list query (SPEC §3): page, rowsPerPage (1-100, default 25), sortBy (default id), descending (default true), filters (JSON object).`,
    `Sortable: ${Object.keys(def.list.sortable).join(', ')}.`,
    `Filters: ${Object.keys(def.list.filters).join(', ')}. Anything else is 400 naming the key.`,
  ].join('\n\n');
}

function describeDropdown(def: ResourceDef) {
  return [
    `Changes ONE dropdown-backed field of the row without posting the whole form (e.g. moving a district to another province from the list).`,
    `Body: \`field\` (the field name) and \`value\` (validated like the same field of the form; ids must name live rows).`,
    def.dropdown.length
      ? `Fields ${def.noun} rows allow: ${def.dropdown.map((f) => `\`${f}\``).join(', ')}.`
      : `This resource has no dropdown fields: every call is 422.`,
    `An unknown field answers 422 with errors.field; a bad value 422 with errors.value. The same rules as an update apply (uniqueness, overlaps, audit). Needs edit-${def.name}. Answers {data: row, message}.`,
  ].join('\n\n');
}

export default async function resourceRoutes(
  app: FastifyInstance,
  opts: { db: Db; store: FileStore },
) {
  const { db, store } = opts;
  for (const def of RESOURCES) {
    const c = resourceContext(def, db, store);
    listRoutes(app, c);
    lookupRoutes(app, c);
    if (def.readOnly || !def.forms) continue;
    createDeleteRoutes(app, c, def.forms);
    updateRoutes(app, c, def.forms);
    dropdownRoute(app, c, def.forms);
  }
  // POST /fiscal-years/{id}/make-current (issue 17 §7)
  fiscalYearRoutes(app, { db });
}

/** What the routes of one resource share: its service, row schema, tags, access, context. */
function resourceContext(def: ResourceDef, db: Db, store: FileStore) {
  const svc = new ResourceService(def);
  // Typed loosely here: the service answers plain records; the schema checks them at run time.
  const row = RESOURCE_ROWS[def.name] as unknown as z.ZodType<Record<string, unknown>>;
  return {
    db,
    def,
    svc,
    row,
    tags: [def.name],
    can: (verb: 'view' | 'create' | 'edit' | 'delete'): Access => ({
      permissions: [`${verb}-${def.name}`],
    }),
    one: z.object({ data: row, message: z.string().optional(), ...handBack }),
    ctxOf: (req: FastifyRequest): Ctx => ({
      db,
      store,
      user: currentUser(req),
      ip: req.ip,
      lang: requestLang(req),
    }),
  };
}

/** The shared pieces of one resource's routes (resourceContext). */
type ResourceContext = ReturnType<typeof resourceContext>;

/** A writable resource's create and update forms. */
type Forms = NonNullable<ResourceDef['forms']>;

/** GET /{r} and /{r}/export: the list and its CSV/XLSX export. */
function listRoutes(app: FastifyInstance, { db, def, svc, row, tags, can }: ResourceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `/${def.name}`,
    {
      config: { access: can('view') },
      schema: {
        tags,
        summary: `List ${def.noun} rows (paged, sorted, filtered)`,
        description: describeList(def),
        querystring: listQuerySchema,
        response: { 200: z.object({ data: z.array(row), meta: listMetaSchema }) },
      },
    },
    async (req) => svc.list(db, req.query),
  );

  r.get(
    `/${def.name}/export`,
    {
      config: { access: can('view') },
      schema: {
        tags,
        summary: `The ${def.noun} list as CSV or XLSX (issue 7 §4)`,
        description: [
          `The list's filters (${Object.keys(def.list.filters).join(', ')}) and sort, every matching row, streamed in batches.`,
          '`lang` (en-US | ne) picks the language of headers and values (default: the request language). `X-Total-Count` gives the rows; cells starting with = + - @ are neutralised.',
        ].join('\n\n'),
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const { total, batches } = await svc.exportRows(db, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: `${def.name}-${todayAd()}`,
        lang: req.query.lang ?? requestLang(req),
        columns: resourceExportColumns(def.name, def.readOnly),
        batches,
        total,
      });
    },
  );
}

/** GET /{r}/all, /{r}/with-slug/{slug} and /{r}/{id}: dropdown rows and single rows. */
function lookupRoutes(app: FastifyInstance, { db, def, svc, row, tags, can }: ResourceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `/${def.name}/all`,
    {
      // Setup data feeds the application form's dropdowns: every signed-in user may read it.
      config: { access: def.allOpen ? undefined : can('view') },
      schema: {
        tags,
        summary: `Every active ${def.noun} (for dropdowns)`,
        description: `Live rows${def.allAnyStatus ? ' of any status' : ' with status 1'}, filtered by the list filters (${Object.keys(def.list.filters).join(', ')}).`,
        querystring: allQuery,
        response: { 200: z.object({ data: z.array(row) }) },
      },
    },
    async (req) => svc.all(db, req.query.filters),
  );

  if (def.slug) {
    r.get(
      `/${def.name}/with-slug/:slug`,
      {
        config: { access: can('view') },
        schema: {
          tags,
          summary: `One ${def.noun} by slug`,
          params: z.object({ slug: z.string().min(1).max(100) }),
          querystring: langQuery,
          response: { 200: z.object({ data: row }) },
        },
      },
      async (req) => ({ data: await svc.bySlug(db, req.params.slug) }),
    );
  }

  r.get(
    `/${def.name}/:id`,
    {
      config: { access: can('view') },
      schema: {
        tags,
        summary: `One ${def.noun}`,
        description: '`lang` (en-US | ne) picks the language of messages.',
        params: idParams,
        querystring: langQuery,
        response: { 200: z.object({ data: row }) },
      },
    },
    async (req) => ({ data: await svc.one(db, req.params.id) }),
  );
}

/** POST /{r} and /{r}/delete: create a row, soft-delete rows. */
function createDeleteRoutes(app: FastifyInstance, c: ResourceContext, forms: Forms) {
  const { def, svc, tags, can, one, ctxOf } = c;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `/${def.name}`,
    {
      config: { access: can('create') },
      schema: {
        tags,
        summary: `Create a ${def.noun}`,
        description:
          'multipart/form-data (SPEC §7). `redirect` and `redirect_page` are handed back.',
        consumes: ['multipart/form-data', 'application/json'],
        body: forms.create,
        response: { 201: one },
      },
    },
    async (req, reply) => {
      const { redirect, redirect_page, ...input } = req.body as Record<string, unknown>;
      const data = await svc.create(ctxOf(req), input);
      reply.code(201);
      return {
        data,
        message: translate(requestLang(req), 'common.actionSuccess'),
        ...redirects(redirect, redirect_page),
      };
    },
  );

  r.post(
    `/${def.name}/delete`,
    {
      config: { access: can('delete') },
      schema: {
        tags,
        summary: `Soft-delete ${def.noun} rows`,
        description:
          '`delete_rows[]` ids. Sets deleted_on. Ids that do not exist or are already deleted are listed in notDeleted and change nothing. If any row is still used by others, nothing is deleted: 409 with a message naming what uses it.',
        consumes: ['multipart/form-data', 'application/json'],
        body: deleteRowsSchema,
        response: { 200: z.object({ data: deleteResultSchema, message: z.string() }) },
      },
    },
    async (req) => {
      const data = await svc.delete(ctxOf(req), req.body.delete_rows);
      const key = data.deleted.length ? 'common.actionSuccess' : 'errors.nothingDeleted';
      return { data, message: translate(requestLang(req), key) };
    },
  );
}

/** POST /{r}/{id} and PUT /{r}/{id}/change-status: the whole form, the status toggle. */
function updateRoutes(app: FastifyInstance, c: ResourceContext, forms: Forms) {
  const { def, svc, row, tags, can, one, ctxOf } = c;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `/${def.name}/:id`,
    {
      config: { access: can('edit') },
      schema: {
        tags,
        summary: `Update a ${def.noun} (the whole form)`,
        description:
          'multipart/form-data with the whole form, like create. `redirect` and `redirect_page` are handed back.',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        body: forms.update,
        response: { 200: one },
      },
    },
    async (req) => {
      const { redirect, redirect_page, ...input } = req.body as Record<string, unknown>;
      const data = await svc.update(ctxOf(req), req.params.id, input);
      return {
        data,
        message: translate(requestLang(req), 'common.updated'),
        ...redirects(redirect, redirect_page),
      };
    },
  );

  r.put(
    `/${def.name}/:id/change-status`,
    {
      config: { access: can('edit') },
      schema: {
        tags,
        summary: `Toggle a ${def.noun}'s status (active 1 ↔ inactive 0)`,
        params: idParams,
        response: { 200: z.object({ data: row, message: z.string() }) },
      },
    },
    async (req) => ({
      data: await svc.changeStatus(ctxOf(req), req.params.id),
      message: translate(requestLang(req), 'resource.statusChanged'),
    }),
  );
}

/** POST /{r}/{id}/update-dropdown: one dropdown-backed field, validated like the form's. */
function dropdownRoute(app: FastifyInstance, c: ResourceContext, forms: Forms) {
  const { def, svc, tags, can, one, ctxOf } = c;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const updateShape = (forms.update as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  r.post(
    `/${def.name}/:id/update-dropdown`,
    {
      config: { access: can('edit') },
      schema: {
        tags,
        summary: `Update one dropdown field of a ${def.noun}`,
        description: describeDropdown(def),
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        body: updateDropdownSchema,
        response: { 200: one },
      },
    },
    async (req) => {
      const { field, value } = req.body;
      if (!def.dropdown.includes(field) || !updateShape[field]) {
        throw AppError.validation({ field: ['validation.choice'] }, 'errors.unknownField');
      }
      const parsed = updateShape[field].safeParse(value);
      if (!parsed.success) {
        const msg = parsed.error.issues[0]?.message;
        throw AppError.validation({
          value: [msg && /^(validation|errors)\.\w+$/.test(msg) ? msg : 'validation.invalid'],
        });
      }
      const data = await svc.dropdown(ctxOf(req), req.params.id, field, parsed.data);
      return { data, message: translate(requestLang(req), 'common.updated') };
    },
  );
}

function redirects(redirect: unknown, redirectPage: unknown) {
  const out: { redirect?: string; redirect_page?: string } = {};
  if (typeof redirect === 'string' && redirect) out.redirect = redirect;
  if (typeof redirectPage === 'string' && redirectPage) out.redirect_page = redirectPage;
  return out;
}
