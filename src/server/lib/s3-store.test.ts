/**
 * The S3 upload store (issue 8 §7) against a real S3-compatible HTTP server on loopback
 * (s3rver), in front of which a small recording proxy can answer 507 as a full MinIO does.
 * s3rver canonicalises a bucket-level path without the trailing slash that current SDKs sign
 * (`GET /darta/?list-type=2`), so the shared server accepts mismatched signatures; a second,
 * strict s3rver proves the object operations' SigV4 signatures and that a wrong key is refused. Then the app's own upload and download path through it: an
 * application with its documents is created, the objects are in the bucket, the download route
 * returns the same bytes, and a full bucket is the generic 507 with nothing left behind.
 */
import { createServer, request, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../config.js';
import { applications, files } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newApplicant, validFields, validFiles, wardId } from '../../../test/server/fixtures.js';
import {
  auth,
  buildTestApp,
  multipart,
  rowCount,
  type TestContext,
} from '../../../test/server/helper.js';
import { S3FileStore } from './s3-store.js';
import { checkUpload, openFileStore } from './storage.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

let s3: S3rver;
let proxy: Server;
let dir: string;
/** when set, the proxy answers every PUT with MinIO's "storage full" */
let bucketFull = false;
const seen: string[] = [];

function config(prefix = ''): Extract<StorageConfig, { kind: 's3' }> {
  return {
    kind: 's3',
    bucket: 'darta',
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix,
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'darta-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'darta' }],
    allowMismatchedSignatures: true,
  });
  const { port } = await s3.run();
  // a recording proxy: every request is passed on unchanged, unless the bucket is "full"
  proxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (bucketFull && req.method === 'PUT') {
      req.resume();
      res.writeHead(507, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>XMinioStorageFull</Code>' +
          '<Message>Storage backend has reached its minimum free drive threshold.</Message></Error>',
      );
      return;
    }
    const out = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3FileStore', () => {
  it('saves, reads, streams, lists and discards objects', async () => {
    const store = new S3FileStore(config('uploads/'));
    const a = await store.save(
      checkUpload('photo', { filename: 'a.jpg', mimetype: '', data: JPEG }),
    );
    const b = await store.save(checkUpload('doc', { filename: 'b.pdf', mimetype: '', data: PDF }));
    expect(a).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(b).toMatch(/\.pdf$/);
    expect(seen.some((s) => s.startsWith(`PUT /darta/uploads/${a}`))).toBe(true);
    expect((await store.read(a)).equals(JPEG)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of await store.stream(b)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    expect(await store.exists(a)).toBe(true);
    expect(await store.list()).toEqual([a, b].sort());

    await store.discard([a]);
    expect(await store.exists(a)).toBe(false);
    expect(await store.list()).toEqual([b]);
    await expect(store.read(a)).rejects.toMatchObject({ statusCode: 404 });
    await store.discard([b, b]); // a missing object is no error
    expect(await store.list()).toEqual([]);
  });

  it('signs object requests as a strict S3 server checks them; a wrong key is refused', async () => {
    const strictDir = await mkdtemp(path.join(os.tmpdir(), 'darta-s3-strict-'));
    const strict = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: strictDir,
      configureBuckets: [{ name: 'darta' }],
    });
    const { port } = await strict.run();
    try {
      const cfg = { ...config('strict/'), endpoint: `http://127.0.0.1:${port}` };
      const store = new S3FileStore(cfg);
      const n = await store.save(
        checkUpload('photo', { filename: 'a.jpg', mimetype: '', data: JPEG }),
      );
      expect((await store.read(n)).equals(JPEG)).toBe(true);
      expect(await store.exists(n)).toBe(true);
      await store.discard([n]);
      expect(await store.exists(n)).toBe(false);
      const wrong = new S3FileStore({
        ...cfg,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' },
      });
      await expect(
        wrong.save(checkUpload('photo', { filename: 'a.jpg', mimetype: '', data: JPEG })),
      ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    } finally {
      await strict.close();
      await rm(strictDir, { recursive: true, force: true });
    }
  });

  it('refuses names it did not make, before any request', async () => {
    const store = new S3FileStore(config());
    const before = seen.length;
    await expect(store.read('../other-bucket/x.jpg')).rejects.toBeInstanceOf(AppError);
    await expect(store.discard(['x.jpg'])).rejects.toBeInstanceOf(AppError);
    expect(await store.exists('..')).toBe(false);
    expect(seen.length).toBe(before);
  });

  // s3rver's continuation tokens use DES, which Node 20's OpenSSL 3 no longer has, so the
  // paging is checked against scripted answers of ListObjectsV2
  it('lists across pages, following the continuation token', async () => {
    const n = (i: number) => `00000000-0000-4000-8000-00000000000${i}.jpg`;
    const pages = [
      {
        Contents: [{ Key: `p/${n(3)}` }, { Key: `p/${n(1)}` }],
        IsTruncated: true,
        NextContinuationToken: 't1',
      },
      {
        Contents: [{ Key: 'p/not-ours.txt' }, { Key: `p/${n(2)}` }],
        IsTruncated: true,
        NextContinuationToken: 't2',
      },
      { Contents: [{ Key: `p/${n(4)}` }], IsTruncated: false },
    ];
    const asked: (string | undefined)[] = [];
    const client = {
      send: async (cmd: ListObjectsV2Command) => {
        expect(cmd).toBeInstanceOf(ListObjectsV2Command);
        expect(cmd.input.Prefix).toBe('p/');
        asked.push(cmd.input.ContinuationToken);
        return pages[asked.length - 1];
      },
    } as unknown as S3Client;
    const store = new S3FileStore(config('p/'), client);
    expect(await store.list()).toEqual([n(1), n(2), n(3), n(4)]);
    expect(asked).toEqual([undefined, 't1', 't2']);
  });

  it('a full bucket is the generic 507', async () => {
    const store = new S3FileStore(config());
    bucketFull = true;
    try {
      await expect(
        store.save(checkUpload('p', { filename: 'p.jpg', mimetype: '', data: JPEG })),
      ).rejects.toMatchObject({ statusCode: 507, code: 'STORAGE_FULL' });
    } finally {
      bucketFull = false;
    }
    expect(await store.list()).toEqual([]);
  });

  it('openFileStore picks the store from the config', async () => {
    expect((await openFileStore({ uploadDir: dir, storage: { kind: 'local' } })).kind).toBe(
      'local',
    );
    expect((await openFileStore({ uploadDir: dir, storage: config() })).kind).toBe('s3');
  });
});

describe('the app with STORAGE=s3', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ config: { storage: config('app/') } });
  });
  afterAll(() => t?.close());

  it('stores an application’s documents in the bucket and serves them back', async () => {
    const a = await newApplicant(t.app);
    const docs = await validFiles();
    const m = multipart(validFields(await wardId(t.app, a.token, 1)), docs);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token) },
    });
    expect(res.statusCode, res.body).toBe(201);

    const rows = await t.database.db.select().from(files).orderBy(desc(files.id)).limit(3);
    const store = new S3FileStore(config('app/'));
    const inBucket = await store.list();
    for (const f of rows) expect(inBucket).toContain(f.storedName);
    // nothing was written to the local upload folder
    const local = await (
      await openFileStore({ uploadDir: t.uploadDir, storage: { kind: 'local' } })
    ).list();
    expect(local).toEqual([]);

    const photo = rows.find((f) => f.mime === 'image/jpeg')!;
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/files/${photo.id}`,
      headers: auth(a.token),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/jpeg');
    expect(dl.rawPayload.equals(docs.doc_lalpurja.data)).toBe(true);
  });

  it('a full bucket during an application is a 507 and leaves no row and no object', async () => {
    const a = await newApplicant(t.app, 'Full Bucket');
    const store = new S3FileStore(config('app/'));
    const before = {
      apps: await rowCount(t.database, applications),
      files: await rowCount(t.database, files),
      objects: await store.list(),
    };
    const m = multipart(validFields(await wardId(t.app, a.token, 1)), await validFiles());
    bucketFull = true;
    let res;
    try {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        payload: m.payload,
        headers: { ...m.headers, ...auth(a.token) },
      });
    } finally {
      bucketFull = false;
    }
    expect(res.statusCode).toBe(507);
    expect(res.body).not.toMatch(/Minio|127\.0\.0\.1|darta\//);
    expect(await rowCount(t.database, applications)).toBe(before.apps);
    expect(await rowCount(t.database, files)).toBe(before.files);
    expect(await store.list()).toEqual(before.objects);
  });
});
