/**
 * Bulk seed for `npm run bench`: applications numbered 1…N on top of the reference data and
 * demo logins that `npm start` seeds, written set-based (INSERT … SELECT generate_series) in
 * batches, so 100k rows take seconds and 1,000,000 take minutes, not a million API calls.
 * Same SQL on PGlite and PostgreSQL. A database can be grown: seeding rows from+1…to on a
 * database that holds rows 1…from adds exactly what seeding 1…to from scratch would have
 * added (row g's content depends on g only), except the registration serials, which continue
 * after the ones already given in each fiscal year.
 *
 * The mix (deterministic, from the row number g): submission dates spread evenly over the last
 * 730 days; the last 60 days hold the work in progress (pending 40%, verified 15%, paid 10%,
 * approved 25%, rejected 5%, cancelled 5%), older ones are mostly settled (approved 75%,
 * rejected 10%, terminated 7% with a revoked certificate, stale pending 8%). Every ward of the
 * palika, every business type, four capital bands; one applicant account per
 * APPS_PER_APPLICANT applications (bench00001 owns rows 1–4, and so on). Business, owner and
 * father's names are realistic Nepali ones, in Devanagari for the applications filed in Nepali
 * (two in three) and in Latin letters for the others (bench-names.ts). Approved and terminated
 * registrations carry what the schema and the screens expect: a gapless registration serial per
 * fiscal year (and its counter), a completed payment with the bill of their capital band, a
 * certificate with a genuine HMAC verification code, and history.
 */
import { createHmac } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { DEMO_PALIKA_CITY_ID, TAX_BANDS } from '../../src/server/db/seed.js';
import { assessFees, DEFAULT_FEE_SETTINGS } from '../../src/shared/fees.js';
import { NAMES } from './bench-names.js';

/** Applications per applicant account: row g belongs to applicant ⌈g / 4⌉. */
export const APPS_PER_APPLICANT = 4;

/** Rows per INSERT … SELECT (bounds the memory and the transaction of one statement). */
export const SEED_BATCH = 100_000;

/**
 * `n` in decimal, zero-padded to at least `width` digits and never cut (lpad would cut
 * 1000000 to "100000" at width 6: the collision of issue 18). Distinct non-negative integers
 * give distinct strings. @throws Error for a negative or non-integer n.
 */
export function padNumber(n: number, width: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`);
  return String(n).padStart(width, '0');
}

/** The SQL twin of padNumber for an integer expression (tested equal in seed-apps.test.ts). */
export function padNumberSql(expr: SQL, width: number): SQL {
  return sql`lpad((${expr})::text, greatest(${sql.raw(String(width))}, length((${expr})::text)), '0')`;
}

/** Submission number of bench row g in fiscal year `fySlug`: "2082-83-B000042", "…-B1000000". */
export function benchSubmissionNo(fySlug: string, g: number): string {
  return `${fySlug}-B${padNumber(g, 6)}`;
}

/** The applicant (1-based) who owns bench row g. */
export function benchApplicantOf(g: number): number {
  return Math.floor((g - 1) / APPS_PER_APPLICANT) + 1;
}

/** Username of bench applicant u: "bench00001", …, "bench250000" (password: DEMO_PASSWORD). */
export function benchUsername(u: number): string {
  return `bench${padNumber(u, 5)}`;
}

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One capital per band (paisa), 1.5× the band's minimum (or 3 lakh for the first band). */
function bandCapitals(): number[] {
  return TAX_BANDS.map(([min, max]) => Math.min(max, Math.max(3_00_000_00, Math.round(min * 1.5))));
}

/** A SQL text[] literal of `values`, indexed 1 + (expr mod length). */
const pick = (values: readonly string[], expr: string): SQL =>
  sql`(${sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`)})[1 + (${sql.raw(expr)}) % ${sql.raw(String(values.length))}]`;

/** Options of seedApplications. */
export interface SeedOptions {
  /** rows 1…from are already there (a database grown by an earlier call); default 0 */
  from?: number;
  /** rows per statement; default SEED_BATCH */
  batch?: number;
  /** called after each batch with the rows done so far (progress) */
  onBatch?: (done: number, total: number) => void;
}

/**
 * Seeds bench rows from+1…n (applications and their applicants, payments, certificates,
 * history) into a database that has the reference data and the demo logins, and rows 1…from
 * of an earlier call. Returns the time taken in ms.
 * @param n the number of bench applications afterwards (not the number added)
 * @param signingKey the CERT_SIGNING_KEY the server will run with (verification codes).
 * @throws Error when n < from.
 */
export async function seedApplications(
  db: Db,
  n: number,
  signingKey: string,
  opts: SeedOptions = {},
): Promise<number> {
  const t0 = Date.now();
  const from = opts.from ?? 0;
  const batch = Math.max(1, opts.batch ?? SEED_BATCH);
  if (n < from) throw new Error(`cannot shrink the bench data from ${from} to ${n}`);
  for (let lo = from + 1; lo <= n; lo += batch) {
    const hi = Math.min(n, lo + batch - 1);
    await seedBatch(db, lo, hi, signingKey);
    opts.onBatch?.(hi - from, n - from);
  }
  // Counters continue after the seeded serials, so a later approval gets the next number.
  await db.execute(sql`
    insert into registration_counters (fiscal_year_id, last_serial)
    select registration_fiscal_year_id, max(registration_serial) from applications
    where registration_fiscal_year_id is not null group by registration_fiscal_year_id
    on conflict (fiscal_year_id) do update
      set last_serial = greatest(registration_counters.last_serial, excluded.last_serial)`);
  // As a database in service is once autovacuum has passed: statistics for the planner, and the
  // visibility map and hint bits set, so the first endpoints measured neither set hint bits on
  // every row they read nor share the CPU with autovacuum's pass over the new rows (PostgreSQL
  // 15 documentation, 14.4 "Populating a Database" and 25.1 "Routine Vacuuming").
  await db.execute(sql`vacuum analyze`);
  return Date.now() - t0;
}

/** Rows lo…hi (inclusive) and what hangs off them. */
async function seedBatch(db: Db, lo: number, hi: number, signingKey: string): Promise<void> {
  const capitals = bandCapitals();
  // The bill each band's capital is assessed at verification (the app's own fee rules).
  const bills = capitals.map((capital) =>
    assessFees({
      bands: TAX_BANDS.map(([minCapital, maxCapital, taxAmount, renewAmount, renewFine, d], i) => ({
        id: i + 1,
        minCapital,
        maxCapital,
        taxAmount,
        renewAmount,
        renewFine,
        renewDiscount: d,
      })),
      capital,
      isRenewal: false,
      fiscalYearsDue: 1,
      monthsLate: 0,
      renewedBeforeExpiry: false,
      settings: DEFAULT_FEE_SETTINGS,
    }),
  );
  const marks = async () =>
    (
      await rows<{ app: number; usr: number; cert: number }>(
        db,
        sql`select coalesce((select max(id) from applications), 0)::int as app,
                   coalesce((select max(id) from users), 0)::int as usr,
                   coalesce((select max(id) from certificates), 0)::int as cert`,
      )
    )[0];
  const before = await marks();

  // The applicants of these rows that an earlier batch has not made.
  const u = sql.raw('u');
  const g = sql.raw('g');
  await db.execute(sql`
    insert into users (name, username, phone, password_hash, gender, user_type, lang, phone_verified_at)
    select 'Bench Applicant ' || u, 'bench' || ${padNumberSql(u, 5)}, '97' || ${padNumberSql(u, 8)},
           (select password_hash from users where username = 'applicant'),
           case when u % 2 = 0 then 'male' else 'female' end, 'user',
           case when u % 3 = 0 then 'en-US' else 'ne' end, now()
    from generate_series(${benchApplicantOf(lo)}::int, ${benchApplicantOf(hi)}::int) u
    where not exists (select 1 from users x where lower(x.username) = 'bench' || ${padNumberSql(u, 5)}
                        and x.deleted_on is null)`);
  await db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r
    where u.id > ${before.usr} and u.username like 'bench%' and r.slug = 'user'`);

  // One statement for the batch's applications: the window function numbers the registrations
  // of each fiscal year gaplessly after the serials already given, as approval does.
  const ne = `g % 3 <> 0`; // filed in Nepali (lang 'ne'): names in Devanagari
  const name = (list: { en: string; ne: string }[], expr: string) =>
    sql`case when ${sql.raw(ne)} then ${pick(
      list.map((x) => x.ne),
      expr,
    )} else ${pick(
      list.map((x) => x.en),
      expr,
    )} end`;
  await db.execute(sql`
    with refs as (
      select
        (select array_agg(id order by number) from wards where city_id = ${DEMO_PALIKA_CITY_ID}) as wards,
        (select array_agg(id order by id) from business_types where deleted_on is null) as types,
        c.id as city_id, c.district_id, d.state_id
      from cities c join districts d on d.id = c.district_id
      where c.id = ${DEMO_PALIKA_CITY_ID}
    ),
    prev as (
      select fy.id as fy_id,
        coalesce((select max(a.registration_serial) from applications a
                  where a.registration_fiscal_year_id = fy.id), 0) as last_serial
      from fiscal_years fy
    ),
    base as (
      select g, ((g::bigint * 7919) % 730)::int as age, ((g::bigint * 104729) % 100)::int as r,
             ((g::bigint * 15485863) % 4)::int as band
      from generate_series(${lo}::int, ${hi}::int) g
    ),
    s as (
      select g, age, band, current_date - age as sub_date,
             least(current_date - age + 5, current_date) as reg_date,
             case when age < 60 then
               case when r < 40 then 'pending' when r < 55 then 'verified' when r < 65 then 'paid'
                    when r < 90 then 'approved' when r < 95 then 'rejected' else 'cancelled' end
             else
               case when r < 75 then 'approved' when r < 85 then 'rejected'
                    when r < 92 then 'cancelled' else 'pending' end
             end as st
      from base
    ),
    f as (
      select s.*, fy.id as fy_id, fy.slug as fy_slug, rfy.id as rfy_id, rfy.slug as rfy_slug,
             rfy.end_date as rfy_end,
             (s.st = 'approved' or (s.st = 'cancelled' and s.age >= 60)) as has_reg
      from s
      join fiscal_years fy on s.sub_date between fy.start_date and fy.end_date
      join fiscal_years rfy on s.reg_date between rfy.start_date and rfy.end_date
    ),
    numbered as (
      select f.*,
        case when has_reg then prev.last_serial
          + row_number() over (partition by has_reg, rfy_id order by reg_date, g) end as serial
      from f left join prev on prev.fy_id = f.rfy_id
    ),
    owners as (
      select id, username from users where id > 0 and username like 'bench%' and deleted_on is null
    )
    insert into applications (
      user_id, app_status, kind, fiscal_year_id, submission_no, registration_no,
      registration_serial, registration_fiscal_year_id, registration_date, expiry_date,
      business_name, owner_name, father_or_husband_name, business_type_id, firm_name, description,
      perm_state_id, perm_district_id, perm_city_id, perm_ward_no, perm_tole,
      ward_id, loc_address, loc_tole, loc_mobile, capital_max, capital_current, capital_paid_up,
      applicant_name, applicant_address, applicant_contact, submission_date, bill, lang,
      created_at, updated_at)
    select
      owners.id, st, 'single', fy_id,
      fy_slug || '-B' || ${padNumberSql(g, 6)},
      case when has_reg then serial || '/' || rfy_slug end,
      serial, case when has_reg then rfy_id end,
      case when has_reg then reg_date end, case when has_reg then rfy_end end,
      ${name(NAMES.places, 'g / 3')} || ' ' || ${name(NAMES.trades, '(g * 7) / 5')},
      ${name(NAMES.given, 'g / 7')} || ' ' || ${name(NAMES.surnames, '(g * 3) / 11')},
      ${name(NAMES.fathers, '(g * 5) / 13')} || ' ' || ${name(NAMES.surnames, '(g * 3) / 11')},
      refs.types[1 + (g::bigint * 13) % array_length(refs.types, 1)],
      case when g % 4 = 0 then 'Firm ' || g end,
      'Bench business ' || g,
      refs.state_id, refs.district_id, refs.city_id, 1 + g % 29, 'Tole ' || (g % 50),
      refs.wards[1 + (g::bigint * 31) % array_length(refs.wards, 1)],
      'Lalitpur-' || (1 + (g::bigint * 31) % array_length(refs.wards, 1)), 'Chowk ' || (g % 40),
      '98' || lpad((g % 100000000)::text, 8, '0'),
      (${JSON.stringify(capitals)}::jsonb ->> band)::bigint * 2,
      (${JSON.stringify(capitals)}::jsonb ->> band)::bigint,
      (${JSON.stringify(capitals)}::jsonb ->> band)::bigint / 2,
      ${name(NAMES.given, 'g / 7')} || ' ' || ${name(NAMES.surnames, '(g * 3) / 11')},
      'Lalitpur', '98' || lpad((g % 100000000)::text, 8, '0'),
      sub_date,
      case when st <> 'pending' and st <> 'rejected' then ${JSON.stringify(bills)}::jsonb -> band end,
      case when ${sql.raw(ne)} then 'ne' else 'en-US' end,
      sub_date + time '10:00' + (g % 480) * interval '1 minute',
      reg_date + time '15:00'
    from numbered
    cross join refs
    join owners on owners.username = 'bench' || ${padNumberSql(sql.raw(`(g - 1) / ${APPS_PER_APPLICANT} + 1`), 5)}
    -- ids follow submission order within a batch, as in a live system: the newest work of the
    -- batch has its highest ids (a grown database has one such run per batch)
    order by sub_date, g`);

  // Completed payments of paid, approved and terminated applications (the bill's total).
  await db.execute(sql`
    insert into payments (application_id, fiscal_year_id, business_tax, fine, rent_tax, admin_cost,
      discount, total, paid_date, receipt_no, channel, pay_status, recorded_by, created_at, updated_at)
    select a.id, a.fiscal_year_id, (a.bill ->> 'businessTax')::bigint, (a.bill ->> 'fine')::bigint,
      (a.bill ->> 'rentTax')::bigint, (a.bill ->> 'adminCost')::bigint, (a.bill ->> 'discount')::bigint,
      (a.bill ->> 'total')::bigint, least(a.submission_date + 3, current_date), 'R-' || a.id,
      (array['counter','bank','esewa','khalti'])[1 + a.id % 4], 'completed',
      (select id from users where username = 'admin'), a.created_at, a.created_at
    from applications a
    where a.id > ${before.app} and a.bill is not null
      and (a.app_status in ('paid', 'approved') or a.registration_no is not null)`);

  // Certificates, then their verification codes (HMAC in Node, as the app computes them).
  await db.execute(sql`
    insert into certificates (application_id, registration_no, fiscal_year_id, verify_code,
      issued_at, valid_until, revoked_at, revoke_reason)
    select a.id, a.registration_no, a.registration_fiscal_year_id, 'bench-' || a.id,
      a.registration_date + time '15:00', a.expiry_date,
      case when a.app_status = 'cancelled' then a.updated_at end,
      case when a.app_status = 'cancelled' then 'Terminated' end
    from applications a
    where a.id > ${before.app} and a.registration_no is not null`);
  for (let after = before.cert; ;) {
    const certs = await rows<{ id: number; registration_no: string }>(
      db,
      sql`select id, registration_no from certificates where id > ${after} order by id limit 20000`,
    );
    if (!certs.length) break;
    after = certs[certs.length - 1].id;
    const codes = certs.map((c) => ({
      id: c.id,
      code: `${c.id.toString(36).toUpperCase()}-${createHmac('sha256', signingKey)
        .update(`${c.id}:${c.registration_no}`)
        .digest('hex')
        .slice(0, 10)
        .toUpperCase()}`,
    }));
    await db.execute(sql`
      update certificates c set verify_code = v.code
      from json_to_recordset(${JSON.stringify(codes)}::json) as v(id int, code text)
      where c.id = v.id`);
  }

  // History: the submission, and the step that led to the current status.
  await db.execute(sql`
    insert into application_history (application_id, user_id, action, from_status, to_status, created_at)
    select a.id, a.user_id, 'submit', null, 'pending', a.created_at
    from applications a where a.id > ${before.app}
    union all
    select a.id, (select id from users where username = 'admin'),
      case a.app_status when 'verified' then 'verify' when 'paid' then 'pay'
        when 'approved' then 'approve' when 'rejected' then 'reject'
        else case when a.registration_no is null then 'cancel' else 'terminate' end end,
      case a.app_status when 'verified' then 'pending' when 'paid' then 'verified'
        when 'approved' then 'paid' when 'rejected' then 'pending'
        else case when a.registration_no is null then 'pending' else 'approved' end end,
      a.app_status, a.updated_at
    from applications a where a.id > ${before.app} and a.app_status <> 'pending'`);
}
