import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The built index.html paints its start screen before the console's code is even requested: the entry script, its
 * preloads (one a task) and any stylesheet are added by a small loader (its own file, deferred) after the first frame. The scripts and
 * the stylesheet then download side by side, and the entry runs once the stylesheet is in (no unstyled flash). With
 * them in <head>, a browser that receives them fast runs them before painting anything, and a phone on a slow
 * network shows a white page until every script has arrived.
 */
export function bootAfterPaint(): Plugin {
  let boot: { name: string; code: string } | undefined;
  return {
    name: 'huoke-boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) throw new Error('boot-after-paint: the entry script was not found in index.html');
        const base = entry.slice(0, entry.lastIndexOf('/assets/') + 1);
        const preloads = [
          ...new Set([
            ...[...html.matchAll(PRELOAD)].map((m) => m[1]),
            ...(ctx.bundle ? bootChunks(ctx.bundle, entry.slice(base.length)).map((f) => base + f) : []),
          ]),
        ].filter((f) => f !== entry);
        const styles = [...html.matchAll(STYLESHEET)].map((m) => m[1]);
        const rest = html.replace(ENTRY, '').replace(PRELOAD, '').replace(STYLESHEET, '');
        // A file, not an inline script: the console's Content-Security-Policy allows scripts from the server only.
        const code = `(${load.toString()})(${JSON.stringify(entry)},${JSON.stringify(preloads)},${JSON.stringify(styles)});\n`;
        const name = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
        boot = { name, code };
        return rest.replace('</body>', `  <script src="${base}${name}" defer></script>\n  </body>`);
      },
    },
    // Written with the bundle, before compress-assets (closeBundle) adds its .br and .gz.
    async writeBundle(options) {
      if (!boot || !options.dir) return;
      await writeFile(join(options.dir, boot.name), boot.code);
    },
  };
}

/**
 * The chunks the entry imports dynamically (main.tsx starts the console in steps) and everything they import: they
 * are preloaded with the entry, so the steps never wait for the network one after another.
 */
function bootChunks(bundle: OutputBundle, entryFile: string): string[] {
  const out = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || out.has(file)) return;
    out.add(file);
    for (const f of chunk.imports) visit(f);
  };
  const entry = bundle[entryFile];
  if (entry?.type === 'chunk') for (const f of entry.dynamicImports) visit(f);
  return [...out];
}

/** Runs in the browser (serialised into index.html): keep it plain ES2015 with no outside references. */
function load(entry: string, preloads: string[], styles: string[]) {
  const add = (tag: string, props: Record<string, string>) => {
    const el = document.createElement(tag);
    for (const k of Object.keys(props)) el.setAttribute(k, props[k]);
    document.head.appendChild(el);
    return el;
  };
  const start = () => {
    // One preload a task: each request costs the main thread a few milliseconds, and a phone four times that.
    let next = 0;
    const preload = () => {
      if (next >= preloads.length) return;
      add('link', { rel: 'modulepreload', crossorigin: '', href: preloads[next++] });
      setTimeout(preload, 0);
    };
    preload();
    let waiting = styles.length;
    const run = () => {
      add('script', { type: 'module', crossorigin: '', src: entry }).onerror = failed;
    };
    if (!waiting) run();
    for (const href of styles) {
      const link = add('link', { rel: 'stylesheet', crossorigin: '', href });
      link.onload = link.onerror = () => {
        if (--waiting === 0) run();
      };
    }
  };
  // The entry that cannot load, or a module graph that cannot link (stale files after a deploy: "does not provide
  // an export named"), would leave the start screen up for good: it becomes the ChunkLoadError prompt and the page
  // reloads once (app/chunkReload.ts does the same once the console runs; keep the two in step).
  const failed = () => {
    const root = document.getElementById('root');
    // biome-ignore lint/complexity/useOptionalChain: this function stays plain ES2015 (see above)
    if (!root || !root.querySelector('.boot')) return;
    const en = /(?:^|; )language=en/i.test(document.cookie);
    const t = en
      ? [
          'The page failed to load',
          'The network is unstable or the console was updated; part of the page could not be loaded.',
          'Retry',
          'Reload page',
        ]
      : ['页面加载失败', '网络不稳定或系统已更新，页面资源未能加载。', '重试', '刷新页面'];
    const button = (label: string, primary: boolean) =>
      `<button type="button" style="padding:6px 16px;border-radius:6px;font-size:14px;cursor:pointer;border:1px solid ${primary ? '#1677ff' : '#d9d9d9'};background:${primary ? '#1677ff' : '#fff'};color:${primary ? '#fff' : 'rgba(0,0,0,0.88)'}">${label}</button>`;
    root.innerHTML = `<div role="alert" style="padding:64px 24px;text-align:center"><h2 style="font-size:22px;font-weight:500;margin:16px 0 8px">${t[0]}</h2><p style="color:rgba(0,0,0,0.45);margin:0 0 24px">${t[1]}</p><div style="display:flex;gap:8px;justify-content:center">${button(t[2], false)}${button(t[3], true)}</div></div>`;
    const buttons = root.querySelectorAll('button');
    for (let i = 0; i < buttons.length; i++) buttons[i].onclick = () => location.reload();
    const KEY = 'huoke:chunk-reload';
    try {
      if (Date.now() - Number(sessionStorage.getItem(KEY) || 0) < 60000) return;
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch (_) {
      return;
    }
    fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(
      (r) => {
        if (r.ok) location.reload();
      },
      () => undefined,
    );
  };
  addEventListener('error', (e) => {
    if (e.error instanceof SyntaxError) failed();
  });
  // After the first frame; a hidden tab gets no frames, so a timer starts it too.
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}
