/**
 * Disk full in the upload folder (issue 8 §4): a write that fails with ENOSPC half-way answers
 * a generic 507 in the user's language and leaves nothing behind: no application, no file row,
 * no file (neither the partial one nor the ones written before it in the same request).
 * The file system is real; only `writeFile` into the upload folder is made to run out of space
 * after a chosen number of files, writing half the bytes first as a full disk does.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applications, files } from '../../src/server/db/schema.js';
import { newApplicant, validFields, validFiles, wardId } from '../server/fixtures.js';
import { auth, buildTestApp, multipart, rowCount, type TestContext } from '../server/helper.js';

const disk = vi.hoisted(() => ({ dir: '', freeFiles: Infinity }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof fs.writeFile = async (file, data, options) => {
    if (disk.dir && String(file).startsWith(disk.dir) && Buffer.isBuffer(data)) {
      if (disk.freeFiles <= 0) {
        await fs.writeFile(file, data.subarray(0, data.length >> 1), options);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
        });
      }
      disk.freeFiles--;
    }
    return fs.writeFile(file, data, options);
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  disk.dir = t.uploadDir;
});
afterAll(() => t.close());

const listUploads = async () => (await readdir(t.uploadDir).catch(() => [])).sort();

describe('disk full', () => {
  it('an application whose second file hits a full disk is a 507 and leaves nothing', async () => {
    const a = await newApplicant(t.app);
    const before = {
      apps: await rowCount(t.database, applications),
      files: await rowCount(t.database, files),
      disk: await listUploads(),
    };
    disk.freeFiles = 1; // the first document is written, the second runs out of space
    const m = multipart(validFields(await wardId(t.app, a.token, 1)), await validFiles());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token), 'accept-language': 'ne' },
    });
    disk.freeFiles = Infinity;
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toContain('फाइल राख्न सक्दैन');
    expect(res.body).not.toMatch(/ENOSPC|upload|\//);
    expect(await rowCount(t.database, applications)).toBe(before.apps);
    expect(await rowCount(t.database, files)).toBe(before.files);
    expect(await listUploads()).toEqual(before.disk);
  });

  it('profile documents on a full disk: 507, the profile keeps its old files', async () => {
    const a = await newApplicant(t.app, 'Full Disk', { withDocuments: false });
    const before = await listUploads();
    disk.freeFiles = 0;
    const m = multipart(
      {},
      {
        photo: { filename: 'p.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]) },
        citizenship: { filename: 'c.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') },
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/documents',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token) },
    });
    disk.freeFiles = Infinity;
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toMatch(/cannot store files/);
    expect(await listUploads()).toEqual(before);
    const me = await t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(a.token) });
    expect(me.json().data.photoFileId).toBeNull();

    // space again: the same request works
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/documents',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token) },
    });
    expect(again.statusCode).toBe(200);
  });
});
