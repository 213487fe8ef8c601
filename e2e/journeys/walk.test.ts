import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityProblems } from '../lib/accessibility.js';
import { signIn } from '../lib/browser.js';
import { apiGet, apiLogin, useJourney } from '../lib/journey.js';

const j = useJourney();

type MenuItem = { path: string; component?: string; isCat?: boolean; children?: MenuItem[] };

/** Every route the console can show the administrator: the server menu tree (external apps aside) plus the fixed ones. */
async function consoleRoutes(): Promise<string[]> {
  const token = await apiLogin(j, 'admin');
  const tree = await apiGet<MenuItem[] | { data: MenuItem[] }>(j, token, '/usr/menus/routers');
  const paths = new Set<string>();
  const walk = (items: MenuItem[]) => {
    for (const m of items) {
      if (m.children?.length) walk(m.children);
      else if (!m.isCat && m.component !== 'external' && m.path.startsWith('/')) paths.add(m.path);
    }
  };
  walk(Array.isArray(tree) ? tree : tree.data);
  for (const p of [
    '/home',
    '/ranks',
    '/expand-words',
    '/enterprise/auth',
    '/cost/detail',
    '/cost/detail?tab=consume',
    '/cost/detail?tab=orders',
    '/manage/company-manage/info',
    '/manage/company-manage/info?tab=seats',
    '/manage/company-manage/info?tab=thirdParty',
    '/manage/company-manage/info?tab=applications',
    '/manage/company-manage/info?tab=editor',
  ])
    paths.add(p);
  return [...paths];
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The interface's own words on the page: menus, headings, buttons, labels, tabs, tags, placeholders, pagination,
 * empty states. Table cells, the user menu (the user's name) and other stored data are left out: a company's
 * article titles may be Chinese in any interface language.
 */
function interfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SELECTORS = [
      '.ant-menu-title-content',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      '.ant-card-head-title',
      '.ant-typography-title',
      'button',
      'label',
      '.ant-form-item-label',
      '.ant-descriptions-item-label',
      '.ant-statistic-title',
      '.ant-tabs-tab',
      '.ant-tag',
      '.ant-pagination-total-text',
      '.ant-pagination-options',
      '.ant-empty-description',
      '.ant-select-selection-placeholder',
      '.ant-segmented-item-label',
      '.ant-alert-title',
      '.ant-alert-description',
      '.ant-checkbox-wrapper',
      '.ant-radio-wrapper',
      '.ant-table-thead th',
      '.ant-breadcrumb',
      '[role="status"]',
    ];
    // Stored data inside interface elements: table rows (their cells), list items, the user's name, company names.
    const DATA =
      'tbody, .item-list-item, [data-testid="user-menu"], .ant-card-meta, .ant-select-selection-item, .tiptap, [data-user-content]';
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = (el as HTMLElement).getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of Array.from(document.querySelectorAll(SELECTORS.join(',')))) {
      if (el.closest(DATA) || !visible(el)) continue;
      // The element's words without the stored data inside it (a greeting's name).
      const copy = el.cloneNode(true) as Element;
      for (const d of Array.from(copy.querySelectorAll('[data-user-content]'))) d.remove();
      const text = copy.textContent?.trim();
      // Where it is, for the failure message: the element and two of its ancestors.
      const path = [el, el.parentElement, el.parentElement?.parentElement]
        .map((e) => (e ? `${e.tagName.toLowerCase()}.${Array.from(e.classList).slice(0, 2).join('.')}` : ''))
        .join(' < ');
      if (text) out.push(`${text} (${path})`);
    }
    for (const el of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]'))) {
      if (!el.closest(DATA) && visible(el)) out.push((el as HTMLInputElement).placeholder);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label]'))) {
      if (!el.closest(DATA) && visible(el)) out.push(el.getAttribute('aria-label') ?? '');
    }
    return out;
  });
}

/** Waits until the screen has settled: no spinner, no loading skeleton. */
async function settle(page: Page) {
  await page.locator('main').first().waitFor();
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading'),
      null,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
}

const VIEWPORTS = [
  { name: 'desktop', width: 1400, height: 900 },
  // A tablet beside the sidebar: 560 px of page, and a navbar whose words do not fit.
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.each(['zh-CN', 'en'] as const)('every console screen in %s', (language) => {
  it.each(VIEWPORTS)(
    'at $name width: no uncaught error, nothing scrolls sideways, in English no Chinese interface text; on a desktop no WCAG A/AA problem axe-core finds',
    async (vp) => {
      const routes = await consoleRoutes();
      expect(routes).toContain('/private-guest/radar');
      const context = await j.browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        locale: language,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      let at = '/home';
      page.on('pageerror', (e) => errors.push(`${at}: ${e.message}`));

      // The stored interface language (what the account menu's language switch writes), read at every page load.
      const host = new URL(j.server.url).hostname;
      await context.addCookies([{ name: 'language', value: language, domain: host, path: '/' }]);
      await signIn(page, j.server.url, 'admin');
      const chinese: string[] = [];
      const sideways: string[] = [];
      const inaccessible: string[] = [];
      for (const route of routes) {
        at = route;
        const t0 = Date.now();
        const samePage = new URL(page.url()).pathname === route.split('?')[0];
        // In-app navigation (as the sidebar does): one boot per language and width keeps the walk short. The old
        // screen stays until the new one is loaded: it is marked, and gone once the new screen is in.
        await page.evaluate((path) => {
          document.querySelector('#main-scroll')?.lastElementChild?.setAttribute('data-walk-old', '');
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, route);
        await page.waitForURL((u) => u.pathname + u.search === route);
        if (!samePage) await page.locator('[data-walk-old]').waitFor({ state: 'detached', timeout: 15_000 });
        await settle(page);
        if (process.env.WALK_DEBUG) console.log(language, vp.name, route, Date.now() - t0);
        // Nothing scrolls sideways: not the page, not the main area (a Row's gutter made 文章管理 and AI检测 8 px
        // wider than it), not the navbar (at 768 px its bell and account menu stood past the window's edge).
        const wider = await page.evaluate(() =>
          Math.max(
            ...[document.documentElement, document.getElementById('main-scroll'), document.querySelector('nav')].map(
              (el) => (el ? el.scrollWidth - el.clientWidth : 0),
            ),
          ),
        );
        if (wider > 0) sideways.push(`${route}: ${wider} px`);
        if (vp.name === 'desktop')
          for (const p of await accessibilityProblems(page)) inaccessible.push(`${route}: ${p}`);
        if (language === 'en') {
          for (const text of await interfaceTexts(page)) if (CJK.test(text)) chinese.push(`${route}: ${text}`);
        }
      }
      expect(errors).toEqual([]);
      expect(sideways).toEqual([]);
      expect(inaccessible).toEqual([]);
      expect([...new Set(chinese)]).toEqual([]);
      await context.close();
    },
    300_000,
  );
});
