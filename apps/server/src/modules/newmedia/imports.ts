import { MEDIA_PLATFORMS, type MediaPlatform } from '@huoke/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keywordFigures, mediaAccounts, mediaKeywords, mediaVideos } from '../../db/schema/index.js';
import {
  type Columns,
  dayCell,
  fail,
  type ImportColumn,
  importRows,
  intCell,
  ok,
  textCell,
} from '../../lib/row-import.js';
import type { Ctx } from '../../lib/tenancy.js';

const MAX_FIGURE = 2_000_000_000;

interface MediaVideoRow {
  platform: MediaPlatform;
  nickname: string;
  fans: number;
  title: string;
  day: string;
  plays: number;
  likes: number;
  comments: number;
  shares: number;
}

const platformCell = (cell: string): { value: MediaPlatform } | { error: string } => {
  const v = cell.trim().toLowerCase();
  for (const [code, name] of Object.entries(MEDIA_PLATFORMS)) {
    if (v === code || cell.trim() === name) return ok(code as MediaPlatform);
  }
  return fail(`平台须为${Object.values(MEDIA_PLATFORMS).join('、')}之一`);
};

/** Short-video account data: one row per work (video) with its account. */
export const MEDIA_VIDEO_COLUMNS = [
  { key: 'platform', header: '平台', aliases: ['platform'], example: '抖音', parse: platformCell },
  {
    key: 'nickname',
    header: '账号昵称',
    aliases: ['nickname'],
    example: '演示科技官方号',
    parse: textCell(50, '账号昵称'),
  },
  { key: 'fans', header: '粉丝数', aliases: ['fans'], example: '12800', parse: intCell(0, MAX_FIGURE, '粉丝数') },
  {
    key: 'title',
    header: '作品标题',
    aliases: ['title'],
    example: '三分钟看懂电子名片',
    parse: textCell(200, '作品标题'),
  },
  { key: 'day', header: '发布日期', aliases: ['date', 'published'], example: '2026-01-15', parse: dayCell },
  { key: 'plays', header: '播放量', aliases: ['plays'], example: '35200', parse: intCell(0, MAX_FIGURE, '播放量') },
  { key: 'likes', header: '点赞数', aliases: ['likes'], example: '1630', parse: intCell(0, MAX_FIGURE, '点赞数') },
  { key: 'comments', header: '评论数', aliases: ['comments'], example: '210', parse: intCell(0, MAX_FIGURE, '评论数') },
  { key: 'shares', header: '分享数', aliases: ['shares'], example: '95', parse: intCell(0, MAX_FIGURE, '分享数') },
] satisfies Columns;

/** Search heat and works of keywords (fills the 「暂无数据」 of expansion and keyword configuration). */
export const KEYWORD_HEAT_COLUMNS = [
  { key: 'keyword', header: '关键词', aliases: ['keyword'], example: '北京电子名片', parse: textCell(30, '关键词') },
  {
    key: 'searchVolume',
    header: '搜索热度',
    aliases: ['search_volume'],
    example: '1200',
    parse: intCell(0, MAX_FIGURE, '搜索热度'),
  },
  {
    key: 'videoCount',
    header: '相关作品',
    aliases: ['video_count'],
    example: '36',
    parse: intCell(0, MAX_FIGURE, '相关作品'),
  },
] satisfies ImportColumn<unknown>[];

export async function importMediaVideos(db: Db, ctx: Ctx, table: string[][]) {
  return importRows('media-videos', table, MEDIA_VIDEO_COLUMNS, (rows) =>
    db.transaction(async (tx) => {
      const accounts = new Map<string, number>();
      for (const { row: r } of rows) {
        const row = r as MediaVideoRow;
        const key = `${row.platform}\u0000${row.nickname}`;
        let accountId = accounts.get(key);
        if (accountId === undefined) {
          const [found] = await tx
            .select({ id: mediaAccounts.id })
            .from(mediaAccounts)
            .where(
              and(
                eq(mediaAccounts.companyId, ctx.companyId),
                eq(mediaAccounts.platform, row.platform),
                eq(mediaAccounts.nickname, row.nickname),
                eq(mediaAccounts.isDemo, false),
              ),
            );
          accountId =
            found?.id ??
            (
              await tx
                .insert(mediaAccounts)
                .values({ companyId: ctx.companyId, platform: row.platform, nickname: row.nickname, fans: row.fans })
                .returning({ id: mediaAccounts.id })
            )[0].id;
          accounts.set(key, accountId);
        }
        await tx
          .update(mediaAccounts)
          .set({ fans: row.fans })
          .where(and(eq(mediaAccounts.companyId, ctx.companyId), eq(mediaAccounts.id, accountId)));
        const publishedAt = new Date(`${row.day}T00:00:00+08:00`);
        const figures = { plays: row.plays, likes: row.likes, comments: row.comments, shares: row.shares };
        const updated = await tx
          .update(mediaVideos)
          .set(figures)
          .where(
            and(
              eq(mediaVideos.companyId, ctx.companyId),
              eq(mediaVideos.accountId, accountId),
              eq(mediaVideos.title, row.title),
              eq(mediaVideos.publishedAt, publishedAt),
            ),
          )
          .returning({ id: mediaVideos.id });
        if (!updated.length) {
          await tx
            .insert(mediaVideos)
            .values({ companyId: ctx.companyId, accountId, title: row.title, publishedAt, ...figures });
        }
      }
      return [];
    }),
  );
}

export async function importKeywordHeat(db: Db, ctx: Ctx, table: string[][]) {
  return importRows('keyword-heat', table, KEYWORD_HEAT_COLUMNS, (rows) =>
    db.transaction(async (tx) => {
      for (const { row: r } of rows) {
        const row = r as { keyword: string; searchVolume: number; videoCount: number };
        const figures = { searchVolume: row.searchVolume, videoCount: row.videoCount };
        await tx
          .insert(keywordFigures)
          .values({ companyId: ctx.companyId, keyword: row.keyword, ...figures })
          .onConflictDoUpdate({
            target: [keywordFigures.companyId, keywordFigures.keyword],
            set: { ...figures, updatedAt: sql`now()` },
          });
        // A configured keyword shows the imported figures too (and is no longer demo data).
        await tx
          .update(mediaKeywords)
          .set({ ...figures, isDemo: false })
          .where(and(eq(mediaKeywords.companyId, ctx.companyId), eq(mediaKeywords.keyword, row.keyword)));
      }
      return [];
    }),
  );
}
