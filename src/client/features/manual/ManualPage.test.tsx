/**
 * The user manual renders every topic of MANUAL_TOPICS in both languages, with its numbered
 * steps and its screenshots; each screenshot exists on disk as a JPEG of the size the page
 * declares (a renamed or re-sized screen fails here, not as a broken picture); the labels the
 * texts nest (`$t(key)`) exist, and the catalogue's manual section matches the topic list.
 */
/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leafKeys, resources, translate, type Lang } from '../../../shared/i18n/index.js';
import { setLang } from '../../lib/i18n';
import { resetEachTest } from '../../test/lifecycle';
import { renderWithApp } from '../../test/render';
import ManualPage from './ManualPage';
import { MANUAL_IMAGE, MANUAL_TOPICS, manualFolder, manualImageSrc } from './topics';

resetEachTest();

// vitest provides __dirname in test modules (import.meta.url is not a file: URL under jsdom).
const PUBLIC = path.resolve(__dirname, '../../public');
const LANGS: Lang[] = ['en-US', 'ne'];

/** A catalogue text as the page shows it: nested labels filled in, <b> marks dropped. */
function shown(lang: Lang, key: string): string {
  const nest = (s: string): string =>
    s.replace(/\$t\(([\w.-]+)\)/g, (_, k: string) => nest(translate(lang, k)));
  return nest(translate(lang, key)).replace(/<\/?b>/g, '');
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(buf: Buffer): { width: number; height: number } {
  expect(buf.readUInt16BE(0)).toBe(0xffd8);
  let i = 2;
  while (i < buf.length) {
    const marker = buf.readUInt16BE(i);
    const len = buf.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}

describe('ManualPage', () => {
  it.each(LANGS)('shows every topic with its steps and screenshots (%s)', async (lang) => {
    await setLang(lang);
    renderWithApp(<ManualPage />, { route: '/manual' });
    const toc = screen.getByRole('navigation', { name: shown(lang, 'manual.contents') });
    for (const topic of MANUAL_TOPICS) {
      const key = `manual.topics.${topic.id}`;
      const title = shown(lang, `${key}.title`);
      expect(within(toc).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `#${topic.id}`,
      );
      const section = screen.getByRole('region', { name: title });
      expect(section).toHaveAttribute('id', topic.id);
      expect(section).toHaveTextContent(shown(lang, `${key}.intro`));
      const steps = within(section).getAllByRole('listitem');
      expect(steps.map((s) => s.textContent)).toEqual(
        topic.steps.map((s) => shown(lang, `${key}.steps.${s}`)),
      );
      const images = within(section).getAllByRole('img');
      expect(images).toHaveLength(topic.images.length);
      topic.images.forEach((name, i) => {
        const img = images[i];
        expect(img).toHaveAttribute('src', manualImageSrc(lang, name));
        expect(img).toHaveAttribute('alt', shown(lang, `${key}.alt.${name}`));
        expect(img).toHaveAttribute('loading', 'lazy');
        expect(img).toHaveAttribute('width', String(MANUAL_IMAGE.width));
        expect(img).toHaveAttribute('height', String(MANUAL_IMAGE.height));
      });
    }
    // Button names are the app's own labels, in bold, with nothing left unresolved.
    const verify = screen.getByRole('region', { name: shown(lang, 'manual.topics.review.title') });
    expect(
      within(verify).getAllByText(translate(lang, 'actions.verify'), { selector: 'strong' }).at(0),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\$t\(|<b>|manual\.topics\./);
  });

  it('is in Nepali, with Nepali pictures, when Nepali is chosen', async () => {
    await setLang('ne');
    renderWithApp(<ManualPage />, { route: '/manual' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('प्रयोगकर्ता पुस्तिका');
    expect(screen.getAllByRole('img')[0].getAttribute('src')).toMatch(/^\/manual\/ne\//);
    // step numbers in Devanagari digits (१. २. …), like every other number in Nepali
    expect(document.querySelector('#apply ol')?.getAttribute('style')).toContain(
      'list-style-type: devanagari',
    );
    expect(screen.getByRole('link', { name: 'लगइनमा जानुहोस्' })).toHaveAttribute(
      'href',
      '/user/login',
    );
  });

  it('jumps to the topic named in the address, and links back to the app when signed in', () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    localStorage.setItem('access_token', 'test-token');
    renderWithApp(<ManualPage />, { route: '/manual#pay' });
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toHaveAttribute('id', 'pay');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('has every screenshot on disk, as a JPEG of the declared size, in both languages', () => {
    const missing: string[] = [];
    for (const lang of LANGS) {
      for (const topic of MANUAL_TOPICS) {
        for (const name of topic.images) {
          const file = path.join(PUBLIC, 'manual', manualFolder(lang), `${name}.jpg`);
          if (!fs.existsSync(file)) {
            missing.push(file);
            continue;
          }
          expect(jpegSize(fs.readFileSync(file)), file).toEqual(MANUAL_IMAGE);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps no stray screenshot that no topic shows', () => {
    const used = new Set(MANUAL_TOPICS.flatMap((t) => t.images.map((i) => `${i}.jpg`)));
    for (const folder of ['en', 'ne']) {
      const files = fs.readdirSync(path.join(PUBLIC, 'manual', folder));
      expect(files.filter((f) => !used.has(f))).toEqual([]);
    }
  });

  it('has exactly the catalogue texts the topics need, and only labels that exist', () => {
    const expected = [
      ...MANUAL_TOPICS.flatMap((t) => [
        `${t.id}.title`,
        `${t.id}.intro`,
        ...t.steps.map((s) => `${t.id}.steps.${s}`),
        ...t.images.map((i) => `${t.id}.alt.${i}`),
      ]),
    ].sort();
    for (const lang of LANGS) {
      const manual = resources[lang].manual;
      expect(leafKeys(manual.topics).sort()).toEqual(expected);
      const texts = leafKeys(manual).map((k) => translate(lang, `manual.${k}`));
      const nested = texts.flatMap((s) => [...s.matchAll(/\$t\(([^)]*)\)/g)].map((m) => m[1]));
      expect(nested.length).toBeGreaterThan(50);
      const unknown = nested.filter((k) => translate(lang, k) === k || k.startsWith('manual.'));
      expect(unknown).toEqual([]);
    }
  });
});
