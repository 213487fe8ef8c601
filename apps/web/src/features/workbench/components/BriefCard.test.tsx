import type { DailyBrief } from '@huoke/contracts';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import locales from '../locales';
import { BriefCard } from './BriefCard';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { workbench: locales['zh-CN'] }, en: { workbench: locales.en } },
    defaultNS: 'workbench',
    interpolation: { escapeValue: false },
  });
});

const brief: DailyBrief = {
  day: '2026-11-26',
  leads: [
    {
      id: 41,
      name: '王五',
      score: 12,
      change: 0,
      fresh: false,
      due: true,
      overdueDays: 0,
      owner: null,
      reason: '打开了《智能工厂白皮书》',
      note: '约了周四下午回电',
    },
    {
      id: 42,
      name: '李四',
      score: 63,
      change: 20,
      fresh: false,
      due: false,
      overdueDays: 0,
      owner: '李员工',
      reason: '点击了拨打电话',
      note: null,
    },
    {
      id: 43,
      name: '赵六',
      score: 65,
      change: 65,
      fresh: true,
      due: false,
      overdueDays: 0,
      owner: null,
      reason: '读了 4 分钟',
      note: null,
    },
  ],
  moreDue: 0,
  yesterday: { leads: 3, consults: 2 },
  topContent: { kind: 4, contentId: 7, title: '智能工厂白皮书', views: 18 },
  streak: 5,
};

async function html(props: Partial<Parameters<typeof BriefCard>[0]>, lang = 'zh-CN') {
  await i18n.changeLanguage(lang);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <BriefCard brief={undefined} error={false} onRetry={() => {}} {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('BriefCard', () => {
  it('lists the leads with links to their drawer, reasons, changes, yesterday, top content and streak', async () => {
    const s = await html({ brief });
    expect(s).toContain('今日跟进简报');
    expect(s).toContain('href="/private-guest/radar?id=41"');
    expect(s).toContain('href="/private-guest/radar?id=42"');
    expect(s.indexOf('王五')).toBeLessThan(s.indexOf('李四'));
    expect(s).toContain('今日待跟进');
    // A lead a colleague's share brought says whose it is (a manager's brief lists the team's).
    expect(s.replace(/<[^>]+>/g, '')).toContain('归属：李员工');
    expect(s.replace(/<[^>]+>/g, '').match(/归属：/g)).toHaveLength(1);
    expect(s).toContain('点击了拨打电话');
    expect(s).toMatch(/color:#cf1322[^>]*>\+20</); // a rise in the console's colour of a rise
    // Each change says since when: the same time yesterday.
    const text = s.replace(/<[^>]+>/g, '');
    expect(text).toContain('较昨日 +20');
    expect(text).toContain('较昨日 ±0');
    // A lead first seen today had no score yesterday: its change is said as new.
    expect(text).toContain('新到访 +65');
    expect(text).not.toContain('较昨日 +65');
    expect(s).toContain('昨日留资线索');
    // Yesterday's figures in their units, as the brief's message says them (昨日新增留资线索 3 条、咨询 2 次) and as
    // the streak beside them does (5 天): they showed a bare 3 and 2.
    expect(text).toMatch(/昨日留资线索\s*3 条/);
    expect(text).toMatch(/昨日咨询\s*2 次/);
    expect(s).toContain('《智能工厂白皮书》· 浏览 18 次');
    expect(s).toContain('5 天');
    expect(s).not.toContain('brief-streak-start');
  });

  it('invites a member without a sharing streak to start one instead of showing 0 天', async () => {
    const s = await html({ brief: { ...brief, streak: 0 } });
    const text = s.replace(/<[^>]+>/g, '');
    expect(text).toContain('今天分享即开始计算');
    expect(text).not.toContain('0 天');
    expect((await html({ brief: { ...brief, streak: 0 } }, 'en')).replace(/<[^>]+>/g, '')).toContain(
      'Share something today to start one',
    );
  });

  it('speaks English', async () => {
    const s = await html({ brief }, 'en');
    expect(s).toContain('Today&#x27;s follow-up brief');
    expect(s).toContain('Due today');
    const text = s.replace(/<[^>]+>/g, '');
    expect(text).toContain('+20 since yesterday');
    expect(text).toContain('±0 since yesterday');
    expect(text).toContain('+65, new in the last 24 h');
    expect(s).toContain('5 days');
    expect(s).toContain('\u201c智能工厂白皮书\u201d · 18 views');
    // The labels say what is counted (Phone leads yesterday, its long form on hover): the figure stands alone.
    expect(text).toMatch(/Phone leads yesterday\s*3(?!\d)/);
    expect(text).toMatch(/Inquiries yesterday\s*2(?!\d)/);
  });

  it('shows loading, empty and error states', async () => {
    expect(await html({})).toContain('ant-skeleton');
    const empty = await html({ brief: { ...brief, leads: [], topContent: null } });
    expect(empty).toContain('今天暂无建议跟进的线索');
    // The server names no content viewed once (a single view is not 访问最多): the words hold for none or one, and
    // go on after the label without saying 昨日 again (it read 昨日访问最多：昨日没有内容被多次访问).
    expect(empty.replace(/<[^>]+>/g, '')).toContain('昨日访问最多：暂无（没有内容被多次访问）');
    expect((await html({ brief: { ...brief, topContent: null } }, 'en')).replace(/<[^>]+>/g, '')).toContain(
      'Most visited yesterday: none (no content was visited more than once)',
    );
    const err = await html({ error: true });
    expect(err).toContain('简报加载失败');
    expect(err).toMatch(/重\s?试/); // antd spaces two CJK characters in a button
  });

  it('says how many days a follow-up is overdue, in both languages', async () => {
    const late = {
      ...brief,
      leads: [
        { ...brief.leads[0], overdueDays: 6 },
        { ...brief.leads[1], due: true, overdueDays: 1 },
      ],
    };
    const zh = (await html({ brief: late })).replace(/<[^>]+>/g, '');
    expect(zh).toContain('已逾期 6 天');
    expect(zh).toContain('已逾期 1 天');
    expect(zh).not.toContain('今日待跟进');
    const en = (await html({ brief: late }, 'en')).replace(/<[^>]+>/g, '');
    expect(en).toContain('Overdue by 6 days');
    expect(en).toContain('Overdue by 1 day');
  });

  it("shows a due lead's last follow-up note, and links to the rest when more are due than it lists", async () => {
    const s = await html({ brief });
    const text = s.replace(/<[^>]+>/g, '');
    expect(text).toContain('上次跟进：约了周四下午回电');
    expect(text.match(/上次跟进：/g)).toHaveLength(1);
    expect(s).not.toContain('brief-more-due');
    const more = await html({ brief: { ...brief, moreDue: 3 } });
    expect(more).toContain('href="/private-guest/radar?due=1"');
    expect(more.replace(/<[^>]+>/g, '')).toContain('还有 3 条待跟进，查看全部');
    const en = (await html({ brief: { ...brief, moreDue: 1 } }, 'en')).replace(/<[^>]+>/g, '');
    expect(en).toContain('Last follow-up: 约了周四下午回电');
    expect(en).toContain('1 more follow-up due: see all');
  });
});
