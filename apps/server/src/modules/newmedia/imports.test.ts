import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { multipart } from '../../storage/testing.js';

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const upload = (token: string, url: string, content: string | Buffer, filename = 'data.csv') => {
  const m = multipart([{ name: 'file', value: Buffer.from(content), filename }]);
  return t.call(token, { method: 'POST', url: `/api${url}`, payload: m.payload, headers: m.headers });
};
const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });

describe('short-video data import', () => {
  it('keeps the good rows and reports each bad row with its line number and column', async () => {
    // Published today: the works list shows the newest first.
    const day = new Date().toISOString().slice(0, 10);
    const csv = [
      '平台,账号昵称,粉丝数,作品标题,发布日期,播放量,点赞数,评论数,分享数',
      `抖音,导入测试号,5000,导入作品一,${day},1200,80,9,3`,
      '微博,导入测试号,5000,错误平台,2026-01-10,1,1,1,1',
      `快手,导入快手号,300,导入作品二,${day},"2,400",100,10,5`,
      '抖音,导入测试号,5000,负播放,2026-01-12,-5,1,1,1',
      ',,,,,,,,',
      '抖音,导入测试号,5000,坏日期,2026-02-30,1,1,1,1',
    ].join('\n');
    const res = await upload(admin, '/newmedia/Import/media-videos', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'media-videos',
      total: 5,
      accepted: 2,
      rejectedCount: 3,
      rejected: [
        { line: 3, column: '平台', message: '平台须为抖音、快手、视频号之一' },
        { line: 5, column: '播放量', message: '播放量须在0到2000000000之间' },
        { line: 7, column: '发布日期', message: '日期不存在' },
      ],
    });
    const videos = (await get(admin, '/newmedia/PlatForm/ShortVideo/GetVideoDetails')).json().data;
    const one = videos.find((v: { title: string }) => v.title === '导入作品一');
    expect(one).toMatchObject({ accountName: '导入测试号', platformName: '抖音', plays: 1200, isDemo: false });
    expect(videos.find((v: { title: string }) => v.title === '导入作品二')).toMatchObject({ plays: 2400 });
    expect(videos.some((v: { isDemo: boolean }) => v.isDemo)).toBe(true);
    // Importing the same work again updates its figures rather than adding it twice.
    const again = await upload(
      admin,
      '/newmedia/Import/media-videos',
      `平台,账号昵称,粉丝数,作品标题,发布日期,播放量,点赞数,评论数,分享数\n抖音,导入测试号,5100,导入作品一,${day},1500,90,9,3\n`,
    );
    expect(again.json().accepted).toBe(1);
    const after = (await get(admin, '/newmedia/PlatForm/ShortVideo/GetVideoDetails')).json().data;
    expect(after.filter((v: { title: string }) => v.title === '导入作品一')).toHaveLength(1);
    expect(after.find((v: { title: string }) => v.title === '导入作品一').plays).toBe(1500);
    // Company B sees none of it.
    const b = (await get(bAdmin, '/newmedia/PlatForm/ShortVideo/GetVideoDetails')).json().data;
    expect(b.some((v: { title: string }) => v.title.startsWith('导入作品'))).toBe(false);
  });

  it('reads Excel (.xlsx) files', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('数据');
    sheet.addRow(['关键词', '搜索热度', '相关作品']);
    sheet.addRow(['导入热词', 880, 12]);
    sheet.addRow(['', 'abc', 1]);
    sheet.addRow(['导入热词二', 'abc', 1]);
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(admin, '/newmedia/Import/keyword-heat', buf, 'heat.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 3,
      accepted: 1,
      rejected: [
        { line: 3, column: '关键词', message: '请填写关键词' },
        { line: 4, column: '搜索热度', message: '搜索热度须为整数' },
      ],
    });
    const gen = await t.call(admin, {
      method: 'POST',
      url: '/api/newmedia/ExpandWords/Generate',
      payload: { cores: ['导入热词'] },
    });
    expect(gen.json().words).toEqual([{ keyword: '导入热词', searchVolume: 880, videoCount: 12 }]);
  });

  it('refuses a sheet wider than any import at once, without building its empty cells', async () => {
    // One cell in the last column (XFD) on each of 1,000 rows: 6 KB that the whole-book reader turned into 16 million
    // cells (30 s of a frozen server, 4 GB). Refused while read, in well under a second on this machine.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('数据');
    sheet.addRow(['关键词', '搜索热度', '相关作品']);
    for (let r = 2; r <= 1000; r++) sheet.getCell(`XFD${r}`).value = 1;
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(admin, '/newmedia/Import/keyword-heat', buf, 'wide.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file', detail: '表格最多64列' });
  });

  it('reads no further than one row past the limit, and says so', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('数据');
    sheet.addRow(['关键词', '搜索热度', '相关作品']);
    for (let r = 0; r < 5_100; r++) sheet.addRow([`词${r}`, 1, 1]);
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(admin, '/newmedia/Import/keyword-heat', buf, 'long.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('每次最多导入5000行');
  });

  it('a configured keyword gets its real figures from an import', async () => {
    await t.call(admin, {
      method: 'POST',
      url: '/api/newmedia/SvideoProductKeyword/Add',
      payload: { keyword: '自加关键词', productName: '' },
    });
    const before = (await get(admin, '/newmedia/SvideoProductKeyword/GetKeywordAll')).json().data;
    expect(before.find((k: { keyword: string }) => k.keyword === '自加关键词')).toMatchObject({
      searchVolume: null,
      videoCount: null,
    });
    await upload(admin, '/newmedia/Import/keyword-heat', '关键词,搜索热度,相关作品\n自加关键词,450,0\n');
    const after = (await get(admin, '/newmedia/SvideoProductKeyword/GetKeywordAll')).json().data;
    expect(after.find((k: { keyword: string }) => k.keyword === '自加关键词')).toMatchObject({
      searchVolume: 450,
      videoCount: 0,
      isDemo: false,
    });
  });

  it('refuses a file without the template columns, a wrong type, staff, and an unknown kind', async () => {
    const missing = await upload(admin, '/newmedia/Import/keyword-heat', '关键词,热度\n名片,1\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'file' });
    expect(missing.json().detail).toContain('缺少列：搜索热度、相关作品');
    expect((await upload(admin, '/newmedia/Import/keyword-heat', 'x', 'a.pdf')).statusCode).toBe(400);
    expect((await upload(staff, '/newmedia/Import/keyword-heat', '关键词,搜索热度,相关作品\n')).statusCode).toBe(403);
    expect((await upload(admin, '/newmedia/Import/other', '关键词\n')).statusCode).toBe(400);
  });

  it('serves a template per import that imports as it is', async () => {
    for (const kind of ['media-videos', 'keyword-heat']) {
      const tpl = await get(staff, `/newmedia/Import/${kind}/template`);
      expect(tpl.statusCode).toBe(200);
      expect(tpl.headers['content-type']).toContain('text/csv');
      const res = await upload(admin, `/newmedia/Import/${kind}`, tpl.body);
      expect(res.json()).toMatchObject({ total: 1, accepted: 1, rejectedCount: 0 });
    }
  });
});

describe('search-engine rank import', () => {
  it('keeps good rows, reports bad ones by line, and the rankings show them', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const csv = [
      '关键词,搜索引擎,日期,排名',
      `导入排名词,百度,${today},3`,
      `导入排名词,谷歌,${today},3`,
      `导入排名词,sogou,${today},101`,
      `导入排名词,360搜索,${today},12`,
    ].join('\r\n');
    const res = await upload(admin, '/seo/Import/ranks', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 4,
      accepted: 2,
      rejected: [
        { line: 3, column: '搜索引擎', message: '搜索引擎须为百度、360搜索、搜狗、神马之一' },
        { line: 4, column: '排名', message: '排名须在0到100之间' },
      ],
    });
    const tpl = await get(admin, '/seo/Import/ranks/template');
    expect(tpl.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('关键词,搜索引擎,日期,排名');
  });
});
