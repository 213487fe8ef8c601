import type { FigureSet, WorkbenchOverview } from '@huoke/contracts';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import common from '../../../shared/locales';
import { packageLines } from '../format';
import locales from '../locales';
import { WorkbenchView } from './WorkbenchView';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: {
      'zh-CN': { workbench: locales['zh-CN'], common: common['zh-CN'] },
      en: { workbench: locales.en, common: common.en },
    },
    defaultNS: 'workbench',
    interpolation: { escapeValue: false },
  });
});

const fig = (value: number, previous: number) => ({
  value,
  previous,
  change: previous === 0 ? null : (value - previous) / previous,
});
const set = (v: number): FigureSet => {
  const p = { shares: fig(v, 2), visitors: fig(v * 2, 4), leads: fig(v, 0), consults: fig(0, 0) };
  return { today: p, week: p, days30: p };
};
const base: WorkbenchOverview = {
  today: '2026-11-26',
  isAdmin: false,
  me: set(3),
  company: null,
  topContent: [{ kind: 4, contentId: 1, title: '如何用内容获客', visitors: 5, views: 9 }],
  recentVisitors: [{ id: 7, nickname: '陈先生', headimgurl: '', phone: true, lastSeenAt: '2026-11-26T01:00:00Z' }],
  package: { state: 'active', productName: '获客通旗舰版', endDate: '2027-06-01T00:00:00Z', daysLeft: 187 },
  consumption: { scope: 'mine', monthCents: 1250, monthCount: 2 },
  wordChange: { granted: 100, remainder: 40 },
  staffRank: null,
};

const render = (o: WorkbenchOverview | undefined, error = false) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <WorkbenchView
          name="李员工"
          companyName="演示科技有限公司"
          overview={o}
          error={error}
          onRetry={() => {}}
          trend={<div>trend</div>}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('WorkbenchView', () => {
  it('shows a loading skeleton, then an error with a retry', () => {
    expect(render(undefined)).toContain('ant-skeleton');
    const err = text(render(undefined, true));
    expect(err).toContain('工作台数据加载失败');
    expect(err).toMatch(/重\s?试/); // antd spaces two-character button labels
  });

  it("shows a staff member's figures with their changes, content, visitors, package and quick actions", () => {
    const raw = render(base);
    const html = text(raw);
    expect(html).toContain('我的数据');
    // Today so far is compared with yesterday up to the same time of day, and says so.
    expect(html).toContain('今日 较昨日同时段');
    expect(html).toContain('本周 较上周同期');
    expect(html).not.toContain('企业数据');
    expect(html).not.toContain('员工排行');
    expect(raw).toContain('aria-label="上升 50%"'); // shares 3 against 2
    expect(raw).toContain('data-change="none"'); // leads 3 against 0: nothing to compare, not 持平
    expect(html).toContain('如何用内容获客');
    expect(html).toContain('陈先生');
    expect(html).toContain('已留电话');
    expect(html).toContain('187 天');
    expect(html).toContain('本月我的消费');
    expect(html).toContain('¥12.50（2 笔）');
    expect(html).toContain('40 / 100 次');
    for (const a of ['写文章', '上传文件', '分享名片', '查看雷达']) expect(html).toContain(a);
    expect(html).not.toContain('今天还没有数据');
  });

  it('makes each quick action one link that looks like a button, not a button inside a link', () => {
    const raw = render(base);
    const links = raw.match(/<a [^>]*>/g) ?? [];
    for (const to of ['/private-guest/articles/edit', '/private-guest/file-manage', '/private-guest/card']) {
      const link = links.find((a) => a.includes(`href="${to}"`));
      expect([to, link]).toEqual([to, expect.stringContaining('ant-btn')]);
    }
    expect(raw).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<button/s);
  });

  it('shows an administrator the company figures and the staff ranking', () => {
    const html = text(
      render({
        ...base,
        isAdmin: true,
        company: set(10),
        consumption: { scope: 'company', monthCents: 0, monthCount: 0 },
        staffRank: [{ userId: 1, name: '王管理', shares: 1, visitors: 2, leads: 0, consults: 0 }],
      }),
    );
    expect(html).toContain('企业数据');
    expect(html).toContain('员工排行');
    expect(html).toContain('王管理');
    expect(html).toContain('本月企业消费');
  });

  it('says what to do first when nothing happened yet, and 未购买 without a package (never 0 天)', () => {
    const html = text(
      render({
        ...base,
        me: set(0),
        topContent: [],
        recentVisitors: [],
        package: { state: 'none', productName: '', endDate: null, daysLeft: null },
        staffRank: null,
      }),
    );
    expect(html).toContain('还没有访客：分享您的名片');
    expect(html).toContain('先写一篇文章或上传一份资料');
    expect(html).toContain('未购买');
    expect(html).not.toContain('0 天');
  });

  it('shows 已过期 for an expired package', () => {
    const html = text(render({ ...base, package: { state: 'expired', productName: 'X', endDate: null, daysLeft: 0 } }));
    expect(html).toContain('已过期');
    expect(html).not.toContain('0 天');
  });
});

describe('format', () => {
  it('never answers days for a company without a package', () => {
    const t = (k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k);
    expect(packageLines({ state: 'none', productName: '', endDate: null, daysLeft: null }, t).days).toBe('noPackage');
  });
});
