/**
 * The signed-in screens' outline drawn by index.html itself, before any script file has arrived
 * (issue 18 §5). On a slow link (Slow 4G: 1.6 Mbit/s, 150 ms round trips) a signed-in screen's
 * first load is ~250–320 KB gzip of JS; React's outline (ShellFallback.tsx) can only draw once
 * the entry chunk (~165 KB) has arrived and run. This small classic script (~2 KB) draws the
 * same outline — the header with the app's name, the page's title at its place, a spinner —
 * before the app's modules, so the title is on screen as soon as the HTML, the first-load CSS
 * and this file are in.
 *
 * `staticShellScript` returns the script's source; vite.config.ts writes it to
 * `assets/shell-<hash>.js` and loads it after `#root` in the built index.html (a file, not an
 * inline script: the CSP allows scripts from 'self' only, issue 8 §5). It draws only when a
 * session is stored (signed out, the login page comes)
 * and the path has a fixed title (app/shellTitles.ts) or is an application's detail; in the stored language (`lang`, as
 * lib/i18n.ts reads it), with the texts taken from the catalogues at build time. React replaces
 * the whole of `#root` on its first commit (main.tsx), with ShellFallback or the screen itself
 * at the same place (app/global.css `.darta-shell-*` and `.darta-static-*`), so nothing moves.
 * Any error (no localStorage, a malformed stored user) leaves `#root` empty, as before.
 *
 * On an application's detail, whose title is the business name, it draws the link back to the
 * list and asks for the application with the stored token at once, then draws the name when the
 * answer comes (lib/earlyDetail.ts says why, and how the app reuses the answer).
 *
 * Signed in or not, a reader whose stored language is Nepali also gets the Devanagari bold font
 * preloaded here (the URL in the script element's `data-nepali-font`, written by vite.config.ts):
 * index.html itself preloads only the Latin fonts, which every page draws with.
 */
import { DETAIL_BACK_PATH, DETAIL_PATH } from '../lib/detailPath';
import { HOME_TITLE, SHELL_TITLES } from './shellTitles';

/** A catalogue as the shared i18n module exports it (nested objects of strings). */
type Catalogue = { [key: string]: string | Catalogue };

/** The keys the outline shows, besides the page titles (START_KEYS: the applicant's home). */
const OWN_KEYS = ['app.name', 'common.loading', 'detail.backToList'];

/**
 * The applicant home's welcome and "register a business" panel (features/home/HomePage.tsx
 * StartPanel), drawn with the title: static texts, and on a phone the panel's paragraph is the
 * screen's largest text, so it is shown without waiting for the page's code (issue 18 §5).
 */
export const START_KEYS = {
  welcome: 'dashboard.welcome',
  title: 'home.startTitle',
  text: 'home.startText',
  button: 'home.start',
} as const;
/** Who may start an application: the panel's condition in HomePage.tsx (`useCan`). */
export const START_PERMISSION = 'create-applications';
/** Where the panel's button goes (HomePage.tsx StartPanel). */
export const START_PATH = '/apply-new';

/** The text of a dotted key, e.g. `form.title`; throws on a missing key (caught at build time). */
function text(catalogue: Catalogue, key: string): string {
  const v = key
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      catalogue,
    );
  if (typeof v !== 'string') throw new Error(`the catalogue has no text for ${key}`);
  return v;
}

/** What the script needs: the title key per path, and the texts of every key per language. */
export function shellData(catalogues: { 'en-US': Catalogue; ne: Catalogue }) {
  const keys = [
    ...new Set([
      ...Object.values(SHELL_TITLES),
      HOME_TITLE,
      ...OWN_KEYS,
      ...Object.values(START_KEYS),
    ]),
  ];
  const texts = Object.fromEntries(
    Object.entries(catalogues).map(([lang, c]) => [
      lang,
      Object.fromEntries(keys.map((k) => [k, text(c, k)])),
    ]),
  );
  return {
    ...{ paths: SHELL_TITLES, home: HOME_TITLE, texts },
    start: { keys: START_KEYS, permission: START_PERMISSION, path: START_PATH },
    detail: { pattern: DETAIL_PATH.source, back: DETAIL_BACK_PATH },
  };
}

/**
 * The script's source (ES5, classic: it runs while the page is parsed, before the modules). The same
 * markup and classes as ShellFallback.tsx, in plain DOM calls (texts as text, never as HTML).
 */
export function staticShellScript(catalogues: { 'en-US': Catalogue; ne: Catalogue }): string {
  const data = JSON.stringify(shellData(catalogues)).replace(/</g, '\\u003c');
  return `(function () {
  try {
    var S = ${data};
    var ls = window.localStorage;
    var lang = (ls.getItem('lang') || '').toLowerCase().indexOf('ne') === 0 ? 'ne' : 'en-US';
    var me = document.querySelector('script[data-nepali-font]');
    if (lang === 'ne' && me) {
      var font = document.createElement('link');
      font.setAttribute('rel', 'preload');
      font.setAttribute('as', 'font');
      font.setAttribute('type', 'font/woff2');
      font.setAttribute('crossorigin', '');
      font.setAttribute('href', me.getAttribute('data-nepali-font'));
      document.head.appendChild(font);
    }
    var token = ls.getItem('access_token');
    if (!token) return;
    var user = JSON.parse(ls.getItem('user') || 'null');
    var path = location.pathname.replace(/\\/+$/, '') || '/';
    var detail = new RegExp(S.detail.pattern).exec(path);
    var key = path === '/dashboard' && user && user.userType === 'user' ? S.home : S.paths[path];
    if (!key && !detail) return;
    var t = S.texts[lang];
    document.documentElement.lang = lang;
    var el = function (tag, cls, txt) {
      var e = document.createElement(tag);
      e.className = cls;
      if (txt) e.textContent = txt;
      return e;
    };
    var arrow = function (txt) {
      var a = el('span', 'darta-arrow', txt);
      a.setAttribute('aria-hidden', 'true');
      return a;
    };
    var header = el('header', 'darta-shell-header darta-static-header');
    header.appendChild(el('div', 'darta-shell-burger mantine-hidden-from-sm'));
    header.appendChild(el('span', 'darta-static-name', t['app.name']));
    var main = el('main', 'darta-shell-main');
    var wait = el('div', 'darta-static-wait');
    if (key) main.appendChild(el('h2', 'darta-static-title', t[key]));
    if (key === S.home) {
      var k = S.start.keys;
      var name = typeof user.name === 'string' ? user.name : '';
      main.appendChild(el('p', 'darta-static-welcome', t[k.welcome].replace('{{name}}', name)));
      if ((user.permissions || []).indexOf(S.start.permission) >= 0) {
        var panel = el('div', 'darta-static-start');
        panel.appendChild(el('h3', 'darta-static-start-title', t[k.title]));
        panel.appendChild(el('p', 'darta-static-start-text', t[k.text]));
        var go = el('a', 'darta-static-start-button');
        go.href = S.start.path;
        go.appendChild(el('span', '', t[k.button]));
        go.appendChild(arrow('\u2192'));
        panel.appendChild(go);
        main.appendChild(panel);
      }
    }
    if (detail && window.fetch) {
      var back = el('a', 'darta-static-back');
      back.href = S.detail.back;
      back.appendChild(arrow('\u2190'));
      back.appendChild(document.createTextNode(' ' + t['detail.backToList']));
      main.appendChild(back);
      // The name's line is kept from the start, so that the spinner below does not move when
      // the name comes (a layout shift).
      var line = el('div', 'darta-static-title darta-static-detail-title', '\u00a0');
      line.setAttribute('aria-hidden', 'true');
      main.appendChild(line);
      // The application itself (lib/earlyDetail.ts): its business name is drawn here when the
      // answer comes, if React has not replaced the outline by then, and the app reuses it.
      var early = { id: Number(detail[1]), lang: lang, done: false, body: null, listeners: [] };
      early.promise = fetch('/api/applications/' + early.id + '?lang=' + lang, {
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'application/json',
          'Accept-Language': lang,
          Authorization: 'Bearer ' + token
        }
      })
        .then(function (r) {
          return r.ok ? r.json() : null;
        })
        .catch(function () {
          return null;
        })
        .then(function (body) {
          early.body = body;
          early.done = true;
          var bn = body && body.data && body.data.businessName;
          if (typeof bn === 'string' && main.parentNode) {
            var h = el('h2', 'darta-static-title darta-static-detail-title', bn);
            h.setAttribute('translate', 'no');
            main.replaceChild(h, line);
          }
          var ls2 = early.listeners;
          early.listeners = [];
          for (var i = 0; i < ls2.length; i++) ls2[i]();
          return body;
        });
      window.dartaEarlyDetail = early;
    }
    var spinner = el('span', 'darta-static-loader');
    spinner.setAttribute('role', 'status');
    spinner.setAttribute('aria-label', t['common.loading']);
    wait.appendChild(spinner);
    main.appendChild(wait);
    var root = document.getElementById('root');
    root.appendChild(header);
    root.appendChild(main);
  } catch (e) {
    /* no storage, or a malformed stored user: the app draws everything itself */
  }
})();`;
}
