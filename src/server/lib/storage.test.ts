import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { checkUpload, FileStore, LocalFileStore, MAX_UPLOAD_BYTES, sniff } from './storage.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const PDF = Buffer.from('%PDF-1.7\n');

describe('uploads', () => {
  it('recognises JPEG, PNG and PDF by magic bytes only', () => {
    expect(sniff(JPEG)?.mime).toBe('image/jpeg');
    expect(sniff(PNG)?.mime).toBe('image/png');
    expect(sniff(PDF)?.mime).toBe('application/pdf');
    expect(sniff(Buffer.from('GIF89a'))).toBeNull();
    expect(sniff(Buffer.from('<svg'))).toBeNull();
  });

  it('refuses wrong types (422 on the field) and files over 5 MiB (413)', () => {
    const wrong = () =>
      checkUpload('photo', { filename: 'a.jpg', mimetype: 'image/jpeg', data: Buffer.from('MZ') });
    expect(wrong).toThrow(AppError);
    try {
      wrong();
    } catch (e) {
      expect((e as AppError).statusCode).toBe(422);
      expect((e as AppError).fieldErrors).toHaveProperty('photo');
    }
    const big = Buffer.concat([JPEG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    try {
      checkUpload('photo', { filename: 'a.jpg', mimetype: 'image/jpeg', data: big });
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).statusCode).toBe(413);
    }
  });

  it('keeps only a harmless display name: no path, no control characters', () => {
    const f = checkUpload('photo', {
      filename: '../../etc/pa\u0000ss\nwd.jpg',
      mimetype: '',
      data: JPEG,
    });
    expect(f.originalName).toBe('pa' + 'sswd.jpg');
    expect(
      checkUpload('photo', { filename: '..\\..\\win.png', mimetype: '', data: PNG }).originalName,
    ).toBe('win.png');
  });

  it('stores under a server-made name and discards on request', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'store-'));
    const store = new FileStore(dir);
    const name = await store.save(
      checkUpload('photo', { filename: 'x.jpg', mimetype: '', data: JPEG }),
    );
    expect(name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect((await store.read(name)).equals(JPEG)).toBe(true);
    await store.discard([name]);
    expect(await readdir(dir)).toEqual([]);
    await expect(store.read('../secret.jpg')).rejects.toThrow(AppError);
  });

  it('local store: exists, stream and list for audits; a missing file is a 404', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'store-')), 'not-yet');
    const store = new LocalFileStore(dir);
    expect(await store.list()).toEqual([]); // the folder is made on the first save
    const a = await store.save(checkUpload('a', { filename: 'a.jpg', mimetype: '', data: JPEG }));
    const b = await store.save(checkUpload('b', { filename: 'b.pdf', mimetype: '', data: PDF }));
    expect(await store.list()).toEqual([a, b].sort());
    expect(await store.exists(a)).toBe(true);
    expect(await store.exists('../a.jpg')).toBe(false);
    const chunks: Buffer[] = [];
    for await (const c of await store.stream(b)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    await store.discard([a]);
    expect(await store.exists(a)).toBe(false);
    await expect(store.read(a)).rejects.toMatchObject({ statusCode: 404 });
    await expect(store.stream(a)).rejects.toMatchObject({ statusCode: 404 });
    expect(store.kind).toBe('local');
  });
});
