import sharp from 'sharp';
import { newKey, type Storage } from '../../storage/adapter.js';
import type { DbOrTx } from '../client.js';
import { articles, contentTypes, documents, fileGroups, files, videos } from '../schema/index.js';
import type { SeededAccounts } from './accounts.js';
import { demoFileBytes } from './demo-files.js';

const ARTICLE_TYPES = ['行业资讯', '产品介绍', '营销技巧', '企业动态'];
const DAY = 86_400_000;

/** A small solid-colour PNG as a data: URL (seed runs without storage configuration). */
async function swatch(r: number, g: number, b: number): Promise<string> {
  const buf = await sharp({ create: { width: 320, height: 180, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${buf.toString('base64')}`;
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

/** Demo data of the content area (runs inside the seed transaction, after the accounts). */
export async function seedContent(tx: DbOrTx, ids: SeededAccounts, storage?: Storage): Promise<void> {
  const typeIds: Record<number, number[]> = {};
  for (const companyId of [ids.companyA, ids.companyB]) {
    const rows = await tx
      .insert(contentTypes)
      .values(ARTICLE_TYPES.map((name, i) => ({ companyId, kind: 'article' as const, name, sort: i })))
      .returning({ id: contentTypes.id });
    typeIds[companyId] = rows.map((r) => r.id);
  }
  const [blue, green, orange, purple] = await Promise.all([
    swatch(24, 144, 255),
    swatch(82, 196, 26),
    swatch(250, 140, 22),
    swatch(114, 46, 209),
  ]);
  const a = typeIds[ids.companyA];
  const now = Date.now();
  const demo = [
    {
      authorId: ids.admin,
      typeId: a[3],
      title: '演示科技发布2026年度获客白皮书',
      articleFrom: '演示科技',
      thumbnail: blue,
      share: true,
      reads: 128,
      content: p(
        '<strong>演示科技</strong>今日发布《2026年度获客白皮书》，总结了企业在私域运营中的十大趋势。',
        '白皮书指出，内容营销与客情雷达结合，可以让销售在客户最感兴趣的时刻跟进。',
      ),
    },
    {
      authorId: ids.admin,
      typeId: a[1],
      title: '获客通产品介绍：一张名片连接所有内容',
      articleFrom: '产品中心',
      thumbnail: green,
      share: true,
      reads: 96,
      content: p(
        '获客通把文章、文档、视频和电子名片放在一起，分享后即可看到访客的浏览轨迹。',
        '<em>支持</em>海报、微官网与线索管理，一站式完成获客闭环。',
      ),
    },
    {
      authorId: ids.staff1,
      typeId: a[2],
      title: '朋友圈营销的五个技巧',
      articleFrom: '李员工',
      thumbnail: orange,
      share: true,
      reads: 75,
      content: `<h2>技巧一：固定时间发布</h2>${p('每天固定时间发布，培养客户的阅读习惯。')}<h2>技巧二：内容有价值</h2>${p('行业干货比硬广更受欢迎。')}`,
    },
    {
      authorId: ids.admin,
      typeId: a[0],
      title: '2026年企业数字化营销趋势',
      articleFrom: '行业观察',
      thumbnail: purple,
      share: true,
      reads: 60,
      content: p(
        '数字化营销正在从流量思维转向客户关系思维。',
        '<a href="https://example.com" target="_blank">阅读原文</a>',
      ),
    },
    {
      authorId: ids.staff1,
      typeId: a[2],
      title: '如何用一篇文章获得十个线索',
      articleFrom: '李员工',
      thumbnail: blue,
      share: false,
      reads: 12,
      content: p('标题要具体，开头三行要抓住读者。', '文末放上名片和咨询入口，方便读者留下联系方式。'),
    },
    {
      authorId: ids.staff1,
      typeId: null,
      title: '客户拜访记录模板',
      articleFrom: '',
      thumbnail: '',
      share: false,
      reads: 3,
      content: p('拜访时间、客户需求、下一步计划。'),
    },
    {
      authorId: ids.multi,
      typeId: a[1],
      title: '产品答疑：常见问题汇总',
      articleFrom: '客户成功部',
      thumbnail: green,
      share: true,
      reads: 41,
      content: `<ul><li>如何开通？联系企业管理员。</li><li>如何分享？点击文章右侧的分享按钮。</li></ul>`,
    },
    {
      authorId: ids.admin,
      typeId: a[3],
      title: '演示科技荣获年度最佳服务商',
      articleFrom: '演示科技',
      thumbnail: orange,
      share: false,
      reads: 20,
      content: p('感谢每一位客户的信任与支持。'),
    },
  ];
  await tx.insert(articles).values(
    demo.map((d, i) => ({
      companyId: ids.companyA,
      authorId: d.authorId,
      typeId: d.typeId,
      title: d.title,
      articleFrom: d.articleFrom,
      content: d.content,
      summary: d.content
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 120),
      thumbnail: d.thumbnail,
      isShareToEnterprise: d.share,
      readCount: d.reads,
      createdAt: new Date(now - (i + 1) * DAY),
      updatedAt: new Date(now - (i + 1) * DAY),
    })),
  );
  const b = typeIds[ids.companyB];
  await tx.insert(articles).values([
    {
      companyId: ids.companyB,
      authorId: ids.multi,
      typeId: b[0],
      title: '示例传媒：短视频内容策划指南',
      articleFrom: '示例传媒',
      content: p('短视频的前三秒决定了完播率。'),
      summary: '短视频的前三秒决定了完播率。',
      thumbnail: purple,
      isShareToEnterprise: true,
      readCount: 10,
    },
  ]);
  await tx.insert(fileGroups).values([
    { companyId: ids.companyA, name: '产品图片', createdBy: ids.admin },
    { companyId: ids.companyA, name: '活动海报', createdBy: ids.admin },
  ]);
  await seedLibrary(tx, ids, now, storage);
}

/** Cover art of the demo videos, served by the sharing area (seed/sharing.ts's posters use the same). */
const VIDEO_COVER = '/s/art/poster-4.svg';

/**
 * Company A's demo documents and videos, shared to the company: the items the demo's visits of documents and videos
 * (seed/radar.ts) point at, so the radar, the lead drawer and the content statistics open real items. Each has its
 * file row of its real size; given `storage` (the start command and `npm run seed`), its bytes are stored too, so the
 * handbook opens and the videos play. Without it (the tests' template) previews and downloads answer 404.
 */
async function seedLibrary(tx: DbOrTx, ids: SeededAccounts, now: number, storage?: Storage): Promise<void> {
  const companyId = ids.companyA;
  const items = [
    { kind: 'document', title: '2026 产品手册', ext: 'pdf', mime: 'application/pdf', file: 'handbook.pdf' },
    { kind: 'video', title: '产品演示视频', ext: 'mp4', mime: 'video/mp4', file: 'demo-video.mp4' },
    { kind: 'video', title: '客户案例', ext: 'mp4', mime: 'video/mp4', file: 'case-video.mp4' },
  ] as const;
  for (const [i, it] of items.entries()) {
    const createdAt = new Date(now - (20 + i) * DAY);
    const storageKey = newKey(companyId, it.ext);
    const bytes = await demoFileBytes(it.file);
    await storage?.putBuffer(storageKey, bytes, it.mime);
    const [file] = await tx
      .insert(files)
      .values({
        companyId,
        uploadedBy: ids.admin,
        fileType: it.kind === 'video' ? 1 : 3,
        storageKey,
        originalName: `${it.title}.${it.ext}`,
        ext: it.ext,
        mime: it.mime,
        size: bytes.length,
        createdAt,
      })
      .returning({ id: files.id });
    const item = { companyId, authorId: ids.admin, fileId: file!.id, title: it.title, isEnterprise: true, createdAt };
    if (it.kind === 'document') await tx.insert(documents).values({ ...item, documentType: it.ext });
    else await tx.insert(videos).values({ ...item, videoPicUrl: VIDEO_COVER, description: `${it.title}（演示）` });
  }
}
