import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile, ownDataDir } from '../../../test/app.js';

// Its own data folder: the tests count the posters stored, which another file's could add to.
const {
  t,
  tokens: [admin],
} = await appForFile(['admin'], { DATA_DIR: await ownDataDir() });

const S = '/api/caspush/SstArticleShare';

/** The composed posters (`…_poster.jpg`) stored for the company. */
async function storedPosters(): Promise<string[]> {
  const root = join(t.app.config.dataDir, 'files', `c${t.ids.companyA}`);
  const all = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return all.filter((f) => f.endsWith('_poster.jpg')).sort();
}

describe('海报详情 composes a poster once', () => {
  it('stores one file when the same poster is opened twice, and answers its one address', async () => {
    const list = (await t.call(admin, { method: 'GET', url: '/api/caspush/poster/list' })).json();
    const card = (await t.call(admin, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json();
    const qr = await t.call(admin, {
      method: 'POST',
      url: `/api/visitingcard/empcard/GetCardQR/${card.empId}?isBase64=true`,
      payload: {},
    });
    const open = async (name: string) => {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync',
        payload: {
          posterUrl: list.data[0].imageUrl,
          name,
          companyName: card.icCompanyName,
          qrCodeUrl: qr.json().qrCode,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { url: string }).url.split('?')[0];
    };
    const before = await storedPosters();
    const first = await open(card.name);
    const again = await open(card.name);
    expect(again).toBe(first);
    expect((await storedPosters()).length).toBe(before.length + 1);
    // Other words on it are another poster, in a file of its own.
    expect(await open('另一个名字')).not.toBe(first);
    expect((await storedPosters()).length).toBe(before.length + 2);
    expect((await t.app.inject({ method: 'GET', url: first })).headers['content-type']).toBe('image/jpeg');
  });
});
