/**
 * A script chunk that fails to load (SPEC §8 ChunkLoadError) most often means a deploy replaced the console's files
 * while it was open: a reload brings the new ones. The page reloads once by itself; a second failure within a
 * minute stays on the prompt (retry / reload by hand), so a chunk that is really missing never reloads in a loop.
 * Keep in step with the start-up loader of build/boot-after-paint.ts, which does the same before any module runs.
 */
const CHUNK_RELOAD_KEY = 'huoke:chunk-reload';
const AGAIN_AFTER_MS = 60_000;

/**
 * The file a failed chunk load names: a script ("Failed to fetch dynamically imported module: https://…/x.js") or
 * a view's stylesheet ("Unable to preload CSS for /assets/x.css").
 */
export function failedChunkUrl(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error ?? '');
  return /(?:https?:\/\/[^\s'"]+?|\/assets\/[^\s'"]+?)\.(?:m?js|css)\b/.exec(text)?.[0];
}

/**
 * Reloads the page unless it did so for a failed chunk in the last minute; true when a reload may be under way.
 * Only when a reload can help: the chunk that failed answers (404: a deploy replaced it; 200: it is back), or, when
 * the error names no chunk (a stale module graph that cannot link), the console's address answers. A network that
 * cannot reach the files keeps the prompt: reloading would trade it for a start screen that cannot start.
 */
export function reloadOnce(error?: unknown): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < AGAIN_AFTER_MS) return false;
  } catch {
    return false;
  }
  const chunk = failedChunkUrl(error);
  void fetch(chunk ?? location.href, { method: 'HEAD', cache: 'no-store' }).then(
    (r) => {
      if (!chunk && !r.ok) return;
      sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
      location.reload();
    },
    () => undefined,
  );
  return true;
}

const TEXT = {
  'zh-CN': {
    title: '页面加载失败',
    sub: '网络不稳定或系统已更新，页面资源未能加载。',
    retry: '重试',
    reload: '刷新页面',
  },
  en: {
    title: 'The page failed to load',
    sub: 'The network is unstable or the console was updated; part of the page could not be loaded.',
    retry: 'Retry',
    reload: 'Reload page',
  },
};

/**
 * The console could not start (its entry or a start-up chunk failed to load or link): the start screen becomes the
 * ChunkLoadError prompt, in plain elements (nothing else can be relied on), and the page reloads once.
 */
export function showBootFailure(error: unknown) {
  console.error(error);
  const root = document.getElementById('root');
  if (!root) return;
  const en = /(?:^|; )language=en/i.test(document.cookie) || localStorage.getItem('language') === 'en';
  const t = en ? TEXT.en : TEXT['zh-CN'];
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'padding:64px 24px;text-align:center';
  const h = document.createElement('h2');
  h.textContent = t.title;
  h.style.cssText = 'font-size:22px;font-weight:500;margin:16px 0 8px';
  const p = document.createElement('p');
  p.textContent = t.sub;
  p.style.cssText = 'color:rgba(0,0,0,0.45);margin:0 0 24px';
  const buttons = document.createElement('div');
  buttons.style.cssText = 'display:flex;gap:8px;justify-content:center';
  for (const [label, primary] of [
    [t.retry, false],
    [t.reload, true],
  ] as const) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.style.cssText = `padding:6px 16px;border-radius:6px;font-size:14px;cursor:pointer;border:1px solid ${
      primary ? '#1677ff' : '#d9d9d9'
    };background:${primary ? '#1677ff' : '#fff'};color:${primary ? '#fff' : 'rgba(0,0,0,0.88)'}`;
    b.onclick = () => location.reload();
    buttons.appendChild(b);
  }
  box.append(h, p, buttons);
  root.replaceChildren(box);
  reloadOnce(error);
}
