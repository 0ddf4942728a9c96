// Writes dist/login.html: dist/index.html with /login's screen already drawn in it, which the server sends for
// /login; then draws the signed-in screens' shell into dist/index.html itself (see the end of this file;
// docs/decisions/045-login-drawn-before-its-code.md).
//
// Without it a phone paints nothing until the entry script (react-dom) and the login chunk have downloaded and
// run: Lighthouse's slow 4G put /login's first and largest paint at 1.8 and 2.3 s. With it the screen paints once
// the HTML and its two stylesheets are in. The drawn copy is inert (a tap or a keystroke before the app runs would
// be lost) and the app replaces it with the identical screen when it starts.
//
// first-paint.js, a classic script in <head>, runs before the first paint: it sets the theme (as lib/theme.ts
// will) and hides the drawn copy from a student who chose Hindi or is signed in (the app will show them something
// else), so nobody sees a screen flash into another. Once the first frame is on the screen it asks for the entry
// script and the login screen's chunks (its tag's data-scripts and data-preload): until then the stylesheets have
// the phone's bandwidth to themselves. It does boot.js's work on this page, so boot.js is not loaded here.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, minify } from 'vite';
import { staticClosure } from './manifest-closure.mjs';

const web = new URL('../', import.meta.url).pathname;
const dist = `${web}dist/`;
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

const vite = await createServer({
  root: web,
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
});
let markup, shell, keys;
try {
  const { renderLogin, renderShell, ...storageKeys } = await vite.ssrLoadModule('/src/app/prerender.tsx');
  markup = renderLogin();
  shell = renderShell();
  keys = storageKeys;
} finally {
  await vite.close();
}
if (!markup.includes('id="login-mobile"')) throw new Error('the drawn login screen has no mobile number field');
if (!shell.includes('data-menu-label')) throw new Error('the drawn shell has no menu label to write the name into');

// Pieces both page scripts share (each runs in an arrow function where `root` is <html>).
/** Sets <html data-theme> before the first paint, as lib/theme.ts will: the stored choice, or the system's. */
const setTheme = `const theme = localStorage.getItem(${JSON.stringify(keys.THEME_STORAGE_KEY)});
    root.dataset.theme = theme === 'dark' || theme === 'light' ? theme : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';`;
/**
 * `whenPainted(start)` calls `start` once the drawn copy's first frame is presented, so the stylesheets have the
 * phone's bandwidth to themselves until then (the paint timing entry comes with the presented frame); at once when
 * the copy is hidden, the tab is in the background or the browser cannot say. `loadModules` asks for scripts in order.
 */
const shared = `const whenPainted = (start) => {
    let started = false;
    let painted;
    const once = () => {
      if (started) return;
      started = true;
      painted?.disconnect();
      start();
    };
    const canWait = root.dataset.prerender !== 'off' && !document.hidden && typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (!canWait) return once();
    painted = new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length > 0 && once());
    painted.observe({ type: 'paint', buffered: true });
    addEventListener('visibilitychange', once, { once: true });
  };
  const add = (tag, properties) => document.head.append(Object.assign(document.createElement(tag), properties));
  const loadModules = (list) => {
    for (const src of list.split(' ')) add('script', { type: 'module', crossOrigin: '', async: false, src });
  };`;

const firstPaintSource = `(() => {
  const root = document.documentElement;
  const { scripts, preload } = document.currentScript.dataset;
  let signedIn = false;
  try {
    ${setTheme}
    try { signedIn = Boolean(JSON.parse(localStorage.getItem(${JSON.stringify(keys.SESSION_STORAGE_KEY)})).state.token); } catch {}
    if (signedIn || localStorage.getItem(${JSON.stringify(keys.LANGUAGE_STORAGE_KEY)}) === 'hi') root.dataset.prerender = 'off';
  } catch {}
  ${shared}
  whenPainted(() => {
    // Signed in, the app leaves /login at once: the login screen's code is not needed.
    if (!signedIn) for (const href of preload.split(' ')) add('link', { rel: 'modulepreload', crossOrigin: '', href });
    loadModules(scripts);
  });
})();
`;
/** Minifies a script and writes it under a name that changes with its content; returns that name and its size. */
async function writeScript(name, source) {
  const minified = await minify(`${name}.js`, source, {});
  if (minified.errors.length > 0) throw new Error(`${name}.js: ${minified.errors.map((e) => e.message).join('; ')}`);
  const code = `// Generated by scripts/prerender-pages.mjs: see there.\n${minified.code}`;
  const file = `assets/${name}-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(dist + file, code);
  return { file, bytes: code.length };
}
const { file: firstPaintFile, bytes: firstPaintBytes } = await writeScript('first-paint', firstPaintSource);

const html = readFileSync(`${dist}index.html`, 'utf8');
// index.html's module scripts: boot.js, whose work first-paint.js does here, and the entry.
const moduleScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const entry = [...html.matchAll(moduleScript)].map(([, src]) => src).filter((src) => !/\/boot-[^/]+\.js$/.test(src));
if (entry.length !== 1)
  throw new Error(`dist/index.html should load one entry script besides boot.js, not ${entry.length}`);

const loginKey = 'src/features/auth/login-page.tsx';
if (!manifest[loginKey]) throw new Error(`${loginKey} is not in the build's manifest`);
const inEntry = new Set(staticClosure(manifest, ['index.html']));
const loginModules = staticClosure(manifest, [loginKey]).filter((key) => !inEntry.has(key));
const preload = loginModules.map((key) => `/${manifest[key].file}`);
// The login chunk's own stylesheets (the phone field's), beside the entry's that index.html links already.
const styles = [...new Set(loginModules.flatMap((key) => manifest[key].css ?? []))].filter(
  (file) => !html.includes(`/${file}"`),
);
const head = [
  `<script src="/${firstPaintFile}" data-scripts="${entry.join(' ')}" data-preload="${preload.join(' ')}"></script>`,
  ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
];
const login = html
  .replace(moduleScript, '')
  .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
  .replace('<div id="root"></div>', `<div id="root"><div data-prerendered inert>${markup}</div></div>`);
if (!login.includes('data-prerendered'))
  throw new Error('dist/index.html has no empty <div id="root"></div> to draw into');
writeFileSync(`${dist}login.html`, login);
console.log(
  `login.html: ${login.length} characters with the login screen drawn in, ${firstPaintFile} (${firstPaintBytes} bytes) and ${styles.length} stylesheet(s)`,
);

// index.html, which every signed-in screen opens with: the shell they share (header bar, menu button, the loading
// state) drawn in, so a returning student sees the portal while its code downloads; the app replaces it with the
// screen itself, whose header is the same. shell-paint.js sets the theme, writes the student's short name into
// the menu button (wider screens show it) and hides the copy from a signed-out visitor (sent to /login) and from a
// student who chose Hindi. As on /login, the entry script is asked for once the copy is painted (until then the
// stylesheets have the bandwidth); boot.js stays in the page, so the screen's data call and chunks start at once.
const labelRule = (name) => (name.length > 10 ? `${name.slice(0, 10)}...` : name);
for (const name of ['', 'Asha', 'Arjun Sharma Kumar']) {
  if (labelRule(name) !== keys.menuLabel(name))
    throw new Error('shell-paint.js cuts the name unlike components/layout/menu-label.ts');
}
const shellPaintSource = `(() => {
  const root = document.documentElement;
  const { scripts } = document.currentScript.dataset;
  let name;
  try {
    ${setTheme}
    const state = JSON.parse(localStorage.getItem(${JSON.stringify(keys.SESSION_STORAGE_KEY)})).state;
    if (state.token && localStorage.getItem(${JSON.stringify(keys.LANGUAGE_STORAGE_KEY)}) !== 'hi') name = String(state.user?.profile?.name ?? '');
  } catch {}
  if (name === undefined) root.dataset.prerender = 'off';
  else {
    const label = (${labelRule.toString()})(name);
    // The copy is parsed after this script; its label is written as it arrives, before anything is painted.
    const write = () => {
      const span = document.querySelector('[data-prerendered] [data-menu-label]');
      if (span) span.textContent = label;
      return Boolean(span);
    };
    const watch = new MutationObserver(() => write() && watch.disconnect());
    watch.observe(root, { childList: true, subtree: true });
    addEventListener('DOMContentLoaded', () => watch.disconnect(), { once: true });
  }
  ${shared}
  whenPainted(() => loadModules(scripts));
})();
`;
const { file: shellPaintFile, bytes: shellPaintBytes } = await writeScript('shell-paint', shellPaintSource);
const withShell = html
  .replace(moduleScript, (tag, src) => (src === entry[0] ? '' : tag))
  .replace('</head>', `  <script src="/${shellPaintFile}" data-scripts="${entry[0]}"></script>\n  </head>`)
  .replace('<div id="root"></div>', `<div id="root"><div data-prerendered inert>${shell}</div></div>`);
if (!withShell.includes('data-prerendered'))
  throw new Error('dist/index.html has no empty <div id="root"></div> to draw into');
writeFileSync(`${dist}index.html`, withShell);
console.log(`index.html: the signed-in shell drawn in, ${shellPaintFile} (${shellPaintBytes} bytes)`);
