/**
 * The SPA's page with the palika's identity written in it (issue 18 §5): escaped so no stored
 * text can end the data element, read per page so a change shows at once, left out (page still
 * served) when it cannot be read; build files, the service worker's /index.html, API paths and
 * missing chunks answered as before.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_DATA_ID } from '../../shared/page-data.js';
import type { PublicSettings } from '../../shared/schemas/settings.js';
import { auth, buildTestApp, login, type TestContext } from '../../../test/server/helper.js';
import { renderSpaPage, scriptJson } from './spa.js';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Darta</title></head>' +
  '<body><div id="root"></div></body></html>';

const IDENTITY: PublicSettings = {
  nameEn: 'Godawari Municipality',
  nameNe: 'गोदावरी नगरपालिका',
  addressEn: 'Taukhel, Lalitpur',
  addressNe: 'टौखेल, ललितपुर',
  phone: '',
  email: '',
  emblemUrl: '/api/settings/emblem?v=abc',
};

/** An attribute value as an HTML parser reads it back (the entities renderSpaPage writes). */
const unescapeAttr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/**
 * The data element's identity and the emblem preload of a served page. An HTML parser ends a
 * script element's text at the first `</script`, so the data is read up to there: if stored
 * text could end it early, the JSON would not parse or would differ.
 */
function readPage(html: string) {
  const open = `<script type="application/json" id="${PUBLIC_DATA_ID}">`;
  const at = html.indexOf(open);
  const data =
    at < 0
      ? null
      : (JSON.parse(
          html.slice(at + open.length, html.toLowerCase().indexOf('</script', at)),
        ) as PublicSettings);
  const preload = /<link rel="preload" as="image" href="([^"]*)">/.exec(html)?.[1];
  return {
    data,
    preload: preload === undefined ? null : unescapeAttr(preload),
    inHead: at >= 0 && at < html.indexOf('</head>'),
  };
}

describe('renderSpaPage', () => {
  it('writes the identity and the emblem preload into the head, before </head>', () => {
    const html = renderSpaPage(TEMPLATE, IDENTITY);
    const { data, preload, inHead } = readPage(html);
    expect(data).toEqual(IDENTITY);
    expect(preload).toBe(IDENTITY.emblemUrl);
    expect(inHead).toBe(true);
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('keeps stored text that looks like markup inside the data, unchanged when read back', () => {
    const hostile: PublicSettings = {
      ...IDENTITY,
      nameEn: '</script><script>alert(1)</script>',
      nameNe: '<!-- <script> \u2028\u2029',
      addressEn: 'a & b "c" \'d\'',
      emblemUrl: '/x?a="><img src=x onerror=alert(1)>',
    };
    const html = renderSpaPage(TEMPLATE, hostile);
    // one script element (the data); no text ends it early
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    const { data, preload } = readPage(html);
    expect(data).toEqual(hostile);
    expect(preload).toBe(hostile.emblemUrl);
    // the URL stays inside its attribute: no element made of it
    expect(html).not.toMatch(/<img/i);
    expect(scriptJson('\u2028')).toBe('"\\u2028"');
  });

  it('leaves the page as it is without an identity or a head', () => {
    expect(renderSpaPage(TEMPLATE, null)).toBe(TEMPLATE);
    expect(renderSpaPage('<p>no head</p>', IDENTITY)).toBe('<p>no head</p>');
  });
});

describe('the served page', () => {
  let t: TestContext;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'darta-client-'));
    await writeFile(path.join(clientDir, 'index.html'), TEMPLATE);
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'assets', 'app-abc.js'), 'console.log(1)');
    t = await buildTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const publicView = async () =>
    (await get('/api/settings/public')).json<{ data: PublicSettings }>().data;

  it('carries the identity GET /api/settings/public answers, on every client route', async () => {
    const identity = await publicView();
    for (const url of ['/', '/user/login', '/dashboard?x=1', '/application-detail/5']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const page = readPage(res.body);
      expect(page.data, url).toEqual(identity);
      expect(page.preload).toBe(identity.emblemUrl);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/user/login' });
    expect(head.statusCode).toBe(200);
  });

  it("shows an admin's change on the next page", async () => {
    const admin = await login(t.app, 'admin');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: {
        ...IDENTITY,
        nameEn: 'Changed </script> Name',
        adminCost: '150.50',
        rentTaxRatePercent: '2.5',
        renewalWindowDays: '45',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(readPage((await get('/user/login')).body).data?.nameEn).toBe('Changed </script> Name');
  });

  it('is served without the identity when it cannot be read', async () => {
    await t.database.db.execute(sql`alter table settings rename to settings_away`);
    try {
      const res = await get('/user/login');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(TEMPLATE);
    } finally {
      await t.database.db.execute(sql`alter table settings_away rename to settings`);
    }
  });

  it('serves build files as they are, and 404s what is not a client route', async () => {
    // the service worker precaches the build's own page
    expect((await get('/index.html')).body).toBe(TEMPLATE);
    const asset = await get('/assets/app-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const [method, url] of [
      ['GET', '/assets/gone-123.js'],
      ['GET', '/sw.js'],
      ['GET', '/api/nothing-here'],
      ['POST', '/user/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Resource not found.' });
    }
  });
});
