import { addDays, dayOf, prng } from '../../lib/days.js';
import type { DbOrTx } from '../client.js';
import {
  mediaAccounts,
  mediaDaily,
  mediaKeywords,
  mediaReservations,
  mediaVideos,
  seoKeywordRanks,
  seoNews,
  wordChangeQuotas,
} from '../schema/index.js';
import type { SeededAccounts } from './accounts.js';

const DAY_MS = 86_400_000;

/** Weekdays busier than weekends, like office traffic. */
const weekdayFactor = (day: string) => {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dow === 0 || dow === 6 ? 0.45 : 1;
};

interface CompanyPlan {
  id: number;
  seed: number;
  scale: number;
  accounts: { platform: string; nickname: string; fans: number }[];
  keywords: [string, string][];
  quota: number;
  newsTopics: string[];
}

/**
 * Demo data of the newmedia and seo areas (runs inside the seed transaction, after the accounts):
 * short-video accounts and figures, tracked keywords with
 * search-engine ranks, drainage news and the word-change quota. Deterministic: the same every seed.
 */
export async function seedNewmedia(tx: DbOrTx, ids: SeededAccounts): Promise<void> {
  const plans: CompanyPlan[] = [
    {
      id: ids.companyA,
      seed: 11,
      scale: 1,
      accounts: [
        { platform: 'douyin', nickname: '演示科技官方号', fans: 12_840 },
        { platform: 'kuaishou', nickname: '演示科技营销课堂', fans: 5_320 },
        { platform: 'shipinhao', nickname: '演示科技视频号', fans: 2_160 },
      ],
      keywords: [
        ['获客系统', '获客通旗舰版'],
        ['电子名片', '电子名片'],
        ['访客雷达', '访客雷达'],
        ['企业微官网', '微官网'],
        ['营销海报制作', '营销海报'],
        ['私域获客', '获客通旗舰版'],
        ['销售线索管理', '访客雷达'],
        ['短视频获客', '获客通旗舰版'],
      ],
      quota: 100,
      newsTopics: ['私域获客', '电子名片', '销售线索', '短视频营销', '企业官网'],
    },
    {
      id: ids.companyB,
      seed: 29,
      scale: 0.4,
      accounts: [{ platform: 'douyin', nickname: '示例传媒', fans: 3_050 }],
      keywords: [
        ['品牌策划公司', '品牌策划'],
        ['短视频代运营', '短视频代运营'],
      ],
      quota: 2,
      newsTopics: ['品牌策划', '短视频代运营'],
    },
  ];
  const today = dayOf();
  const now = Date.now();

  for (const plan of plans) {
    const rnd = prng(plan.seed);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const media: (typeof mediaDaily.$inferInsert)[] = [];
    for (let d = 89; d >= 0; d--) {
      const day = addDays(today, -d);
      const f = weekdayFactor(day) * plan.scale;
      const plays = Math.round(int(800, 6000) * f);
      media.push({
        companyId: plan.id,
        day,
        plays,
        likes: Math.round(plays * (0.03 + rnd() * 0.04)),
        comments: Math.round(plays * (0.004 + rnd() * 0.006)),
        shares: Math.round(plays * (0.002 + rnd() * 0.004)),
        fans: Math.round(int(5, 80) * f),
        leads: Math.round(int(0, 9) * f),
        isDemo: true,
      });
    }
    await tx.insert(mediaDaily).values(media);

    const accounts = await tx
      .insert(mediaAccounts)
      .values(plan.accounts.map((a) => ({ ...a, companyId: plan.id, isDemo: true })))
      .returning({ id: mediaAccounts.id });
    const surnames = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄'];
    const reservations = [];
    const videos = [];
    for (const [ai, acc] of accounts.entries()) {
      const count = Math.round(int(3, 8) * plan.scale) + 1;
      for (let i = 0; i < count; i++) {
        reservations.push({
          companyId: plan.id,
          accountId: acc.id,
          name: `${surnames[int(0, surnames.length - 1)]}先生`,
          phone: `139${String(int(0, 99_999_999)).padStart(8, '0')}`,
          content: '想了解一下产品价格和开通方式',
          createdAt: new Date(now - int(0, 30) * DAY_MS - int(0, 86_000) * 1000),
        });
      }
      const vCount = Math.round(6 * plan.scale) + 1;
      for (let i = 0; i < vCount; i++) {
        const plays = int(500, 90_000);
        videos.push({
          companyId: plan.id,
          accountId: acc.id,
          title: `${plan.keywords[(ai + i) % plan.keywords.length][0]}｜${['三分钟看懂', '实操演示', '客户案例', '常见问题'][i % 4]}`,
          cover: '',
          plays,
          likes: Math.round(plays * 0.05),
          comments: Math.round(plays * 0.008),
          shares: Math.round(plays * 0.004),
          isTop: i === 0,
          publishedAt: new Date(now - (i * 3 + ai + 1) * DAY_MS),
          isDemo: true,
        });
      }
    }
    await tx.insert(mediaReservations).values(reservations);
    await tx.insert(mediaVideos).values(videos);

    await tx.insert(mediaKeywords).values(
      plan.keywords.map(([keyword, productName]) => ({
        companyId: plan.id,
        keyword,
        productName,
        searchVolume: int(200, 20_000),
        videoCount: int(3, 120),
        isDemo: true,
      })),
    );
    await tx.insert(wordChangeQuotas).values({ companyId: plan.id, granted: plan.quota, used: 0 });

    const ranks = [];
    const engines = ['baidu', 'so360', 'sogou', 'shenma'];
    for (const [keyword] of plan.keywords) {
      for (const engine of engines) {
        let rank = int(3, 60);
        for (let d = 29; d >= 0; d--) {
          rank = Math.max(1, Math.min(100, rank + int(-4, 3)));
          ranks.push({ companyId: plan.id, keyword, engine, day: addDays(today, -d), rank, isDemo: true });
        }
      }
    }
    await tx.insert(seoKeywordRanks).values(ranks);

    const news = [];
    const newsCount = Math.round(24 * plan.scale) + 1;
    for (let i = 0; i < newsCount; i++) {
      const topic = plan.newsTopics[i % plan.newsTopics.length];
      const title = `${topic}${['的五个实用方法', '行业观察：趋势与机会', '如何提升转化率', '入门指南', '案例复盘'][i % 5]}`;
      const summary = `围绕“${topic}”整理的实用内容，帮助企业用更低的成本获得更多精准客户。`;
      news.push({
        companyId: plan.id,
        title,
        summary,
        content: `<h2>${title}</h2><p>${summary}</p><p>第一步，明确目标客户；第二步，持续输出有价值的内容；第三步，及时跟进每一条线索。</p>`,
        source: '获客通资讯',
        keyword: topic,
        cover: '',
        publishedAt: new Date(now - i * 0.8 * DAY_MS - 3_600_000),
        isDemo: true,
      });
    }
    await tx.insert(seoNews).values(news);
  }
}
