/**
 * Bulk seed for `npm run bench`: N applications (default 100,000) on top of the reference data
 * and demo logins that `npm start` seeds, written set-based (INSERT … SELECT generate_series),
 * so 100k rows take seconds, not 100k API calls. Same SQL on PGlite and PostgreSQL.
 *
 * The mix (deterministic, from the row number g): submission dates spread evenly over the last
 * 730 days; the last 60 days hold the work in progress (pending 40%, verified 15%, paid 10%,
 * approved 25%, rejected 5%, cancelled 5%), older ones are mostly settled (approved 75%,
 * rejected 10%, terminated 7% with a revoked certificate, stale pending 8%). Every ward of the
 * palika, every business type, 5,000 applicant accounts, four capital bands. Approved and
 * terminated registrations carry what the schema and the screens expect: a gapless
 * registration serial per fiscal year (and its counter), a completed payment with the bill
 * of their capital band, a certificate with a genuine HMAC verification code, and history.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { DEMO_PALIKA_CITY_ID, TAX_BANDS } from '../../src/server/db/seed.js';
import { assessFees, DEFAULT_FEE_SETTINGS } from '../../src/shared/fees.js';

/** Applicant accounts the applications belong to. */
export const BENCH_USERS = 5_000;

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One capital per band (paisa), 1.5× the band's minimum (or 3 lakh for the first band). */
function bandCapitals(): number[] {
  return TAX_BANDS.map(([min, max]) => Math.min(max, Math.max(3_00_000_00, Math.round(min * 1.5))));
}

/**
 * Seeds `n` applications (and their users, payments, certificates, history) into a database
 * that already has the reference data and the demo logins. Returns the time taken in ms.
 * @param signingKey the CERT_SIGNING_KEY the server will run with (verification codes).
 */
export async function seedApplications(db: Db, n: number, signingKey: string): Promise<number> {
  const t0 = Date.now();
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

  await db.execute(sql`
    insert into users (name, username, phone, password_hash, gender, user_type, lang, phone_verified_at)
    select 'Bench Applicant ' || g, 'bench' || lpad(g::text, 5, '0'), '97' || lpad(g::text, 8, '0'),
           (select password_hash from users where username = 'applicant'),
           case when g % 2 = 0 then 'male' else 'female' end, 'user',
           case when g % 3 = 0 then 'en-US' else 'ne' end, now()
    from generate_series(1, ${BENCH_USERS}::int) g`);
  await db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r
    where u.username like 'bench%' and r.slug = 'user'`);

  // One statement for all applications: the window function numbers the registrations of each
  // fiscal year gaplessly, as approval does.
  await db.execute(sql`
    with refs as (
      select
        (select array_agg(id order by number) from wards where city_id = ${DEMO_PALIKA_CITY_ID}) as wards,
        (select array_agg(id order by id) from business_types where deleted_on is null) as types,
        (select min(id) from users where username like 'bench%') as first_user,
        c.id as city_id, c.district_id, d.state_id
      from cities c join districts d on d.id = c.district_id
      where c.id = ${DEMO_PALIKA_CITY_ID}
    ),
    base as (
      select g, ((g::bigint * 7919) % 730)::int as age, ((g::bigint * 104729) % 100)::int as r,
             ((g::bigint * 15485863) % 4)::int as band
      from generate_series(1, ${n}::int) g
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
      select f.*, case when has_reg then row_number() over (partition by has_reg, rfy_id order by reg_date, g) end as serial
      from f
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
      refs.first_user + (g % ${BENCH_USERS}::int), st, 'single', fy_id,
      fy_slug || '-B' || lpad(g::text, 6, '0'),
      case when has_reg then serial || '/' || rfy_slug end,
      serial, case when has_reg then rfy_id end,
      case when has_reg then reg_date end, case when has_reg then rfy_end end,
      (array['Himalaya','Everest','Annapurna','Bagmati','Lumbini','Gorkha','Janakpur','Mithila','Sagarmatha','Pashupati'])[1 + g % 10]
        || ' ' || (array['Traders','Store','Suppliers','Enterprises','Hotel','Pharmacy','Kirana Pasal','Udhyog','Furniture','Tailors'])[1 + (g / 10) % 10]
        || ' ' || g,
      (array['Ram','Sita','Hari','Gita','Krishna','Laxmi','Bishnu','Sarita','Prakash','Anita'])[1 + (g / 7) % 10]
        || ' ' || (array['Shrestha','Maharjan','Tamang','Gurung','Thapa','Karki','Adhikari','Rai','Magar','Shakya'])[1 + (g / 3) % 10],
      (array['Shyam','Gopal','Narayan','Dil Bahadur','Mohan'])[1 + g % 5] || ' ' || (array['Shrestha','Maharjan','Tamang','Gurung','Thapa'])[1 + (g / 5) % 5],
      refs.types[1 + (g * 13) % array_length(refs.types, 1)],
      case when g % 4 = 0 then 'Firm ' || g end,
      'Bench business ' || g,
      refs.state_id, refs.district_id, refs.city_id, 1 + g % 29, 'Tole ' || (g % 50),
      refs.wards[1 + (g * 31) % array_length(refs.wards, 1)],
      'Lalitpur-' || (1 + (g * 31) % array_length(refs.wards, 1)), 'Chowk ' || (g % 40),
      '98' || lpad((g % 100000000)::text, 8, '0'),
      (${JSON.stringify(capitals)}::jsonb ->> band)::bigint * 2,
      (${JSON.stringify(capitals)}::jsonb ->> band)::bigint,
      (${JSON.stringify(capitals)}::jsonb ->> band)::bigint / 2,
      'Applicant ' || g, 'Lalitpur', '98' || lpad((g % 100000000)::text, 8, '0'),
      sub_date,
      case when st <> 'pending' and st <> 'rejected' then ${JSON.stringify(bills)}::jsonb -> band end,
      case when g % 3 = 0 then 'en-US' else 'ne' end,
      sub_date + time '10:00' + (g % 480) * interval '1 minute',
      reg_date + time '15:00'
    from numbered, refs
    -- ids follow submission order, as in a live system: the newest work has the highest ids
    order by sub_date, g`);

  // Counters continue after the seeded serials, so a later approval gets the next number.
  await db.execute(sql`
    insert into registration_counters (fiscal_year_id, last_serial)
    select registration_fiscal_year_id, max(registration_serial) from applications
    where registration_fiscal_year_id is not null group by registration_fiscal_year_id
    on conflict (fiscal_year_id) do update set last_serial = excluded.last_serial`);

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
    where a.submission_no like '%-B%' and a.bill is not null
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
    where a.submission_no like '%-B%' and a.registration_no is not null`);
  const certs = await rows<{ id: number; registration_no: string }>(
    db,
    sql`select id, registration_no from certificates where verify_code like 'bench-%'`,
  );
  const codes = certs.map((c) => ({
    id: c.id,
    code: `${c.id.toString(36).toUpperCase()}-${createHmac('sha256', signingKey)
      .update(`${c.id}:${c.registration_no}`)
      .digest('hex')
      .slice(0, 10)
      .toUpperCase()}`,
  }));
  for (let i = 0; i < codes.length; i += 20_000) {
    await db.execute(sql`
      update certificates c set verify_code = v.code
      from json_to_recordset(${JSON.stringify(codes.slice(i, i + 20_000))}::json) as v(id int, code text)
      where c.id = v.id`);
  }

  // History: the submission, and the step that led to the current status.
  await db.execute(sql`
    insert into application_history (application_id, user_id, action, from_status, to_status, created_at)
    select a.id, a.user_id, 'submit', null, 'pending', a.created_at
    from applications a where a.submission_no like '%-B%'
    union all
    select a.id, (select id from users where username = 'admin'),
      case a.app_status when 'verified' then 'verify' when 'paid' then 'pay'
        when 'approved' then 'approve' when 'rejected' then 'reject'
        else case when a.registration_no is null then 'cancel' else 'terminate' end end,
      case a.app_status when 'verified' then 'pending' when 'paid' then 'verified'
        when 'approved' then 'paid' when 'rejected' then 'pending'
        else case when a.registration_no is null then 'pending' else 'approved' end end,
      a.app_status, a.updated_at
    from applications a where a.submission_no like '%-B%' and a.app_status <> 'pending'`);
  await db.execute(sql`analyze`);
  return Date.now() - t0;
}
