import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { docx, multipart, pdf, png } from '../../storage/testing.js';

const {
  t,
  tokens: [admin, staff, multi, other],
} = await appForFile(['admin', 'staff1', 'multi', 'badmin']);

const P = '/api/caspush/v2/WjtDocument';
const post = (token: string, url: string, payload: unknown) =>
  t.call(token, { method: 'POST', url, payload: payload as object });
const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
async function uploadFiles(token: string, items: { value: Buffer; filename: string }[]) {
  const m = multipart(items.map((i) => ({ name: 'file', ...i })));
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/fs/Files/AttachmentUpload',
    payload: m.payload,
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().files as { id: number; url: string }[];
}

describe('documents', () => {
  it('creates documents from uploaded files, lists mine and enterprise, updates, toggles, soft-deletes and restores', async () => {
    const [f1, f2] = await uploadFiles(staff, [
      { value: pdf(), filename: '产品手册.pdf' },
      { value: docx(), filename: '合同模板.docx' },
    ]);
    const created = await post(staff, `${P}/CreateMany`, { fileIds: [f1.id, f2.id] });
    expect(created.statusCode, created.body).toBe(200);
    const [d1, d2] = created.json().data;
    expect(d1).toMatchObject({
      title: '产品手册',
      documentType: 'pdf',
      createBy: '李员工',
      isEnterprise: false,
      canEdit: true,
      pdfUrl: f1.url,
      fileUrl: f1.url,
    });
    expect(d2).toMatchObject({ title: '合同模板', documentType: 'docx', pdfUrl: null });

    const mine = (await post(staff, `${P}/GetPageDataAsync`, { typeValue: 2 })).json();
    expect(mine.data.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining([d1.id, d2.id]));
    const ent0 = (await post(staff, `${P}/GetPageDataAsync`, { typeValue: 1 })).json();
    expect(ent0.data.some((d: { id: number }) => d.id === d1.id)).toBe(false);

    expect((await get(staff, `${P}/SetEnterpriseAsync?id=${d1.id}`)).json()).toEqual({ id: d1.id, isEnterprise: true });
    const ent = (await post(multi, `${P}/GetPageDataAsync`, { typeValue: 1 })).json();
    const seen = ent.data.find((d: { id: number }) => d.id === d1.id);
    expect(seen).toMatchObject({ canEdit: false, createBy: '李员工' });
    expect((await get(multi, `${P}/Get?id=${d1.id}`)).statusCode).toBe(200);
    expect((await get(multi, `${P}/Get?id=${d2.id}`)).statusCode).toBe(404);

    const upd = await post(staff, `${P}/Update`, { id: d1.id, title: '产品手册2026' });
    expect(upd.json().title).toBe('产品手册2026');

    expect((await post(staff, `${P}/DeleteSoftAsync`, { id: d1.id, isTrueFalse: true })).statusCode).toBe(200);
    for (const tv of [1, 2]) {
      const list = (await post(staff, `${P}/GetPageDataAsync`, { typeValue: tv, pageSize: 100 })).json();
      expect(list.data.some((d: { id: number }) => d.id === d1.id)).toBe(false);
    }
    expect((await get(staff, `${P}/Get?id=${d1.id}`)).statusCode).toBe(404);
    expect((await post(staff, `${P}/DeleteSoftAsync`, { id: d1.id, isTrueFalse: false })).statusCode).toBe(200);
    expect((await get(staff, `${P}/Get?id=${d1.id}`)).json().title).toBe('产品手册2026');

    expect((await get(staff, `${P}/CancelEnterpriseAsync?id=${d1.id}`)).json().isEnterprise).toBe(false);
  });

  it('staff may not change an enterprise document of someone else (403); the admin may', async () => {
    const [f] = await uploadFiles(admin, [{ value: pdf(), filename: 'a.pdf' }]);
    const d = (await post(admin, `${P}/CreateMany`, { fileIds: [f.id], isEnterprise: true })).json().data[0];
    expect((await post(staff, `${P}/Update`, { id: d.id, title: 'x' })).statusCode).toBe(403);
    expect((await post(staff, `${P}/DeleteSoftAsync`, { id: d.id, isTrueFalse: true })).statusCode).toBe(403);
    expect((await get(staff, `${P}/CancelEnterpriseAsync?id=${d.id}`)).statusCode).toBe(403);
    const [g] = await uploadFiles(staff, [{ value: pdf(), filename: 'b.pdf' }]);
    const s = (await post(staff, `${P}/CreateMany`, { fileIds: [g.id] })).json().data[0];
    expect((await post(admin, `${P}/Update`, { id: s.id, title: '管理员改' })).statusCode).toBe(200);
  });

  it('最近删除 lists what the caller may restore, the latest deletion first, for 30 days, and a restore takes it off', async () => {
    const [f1, f2, f3] = await uploadFiles(staff, [
      { value: pdf(), filename: '旧报价.pdf' },
      { value: pdf(), filename: '新报价.pdf' },
      { value: pdf(), filename: '很久以前.pdf' },
    ]);
    const [d1, d2, d3] = (await post(staff, `${P}/CreateMany`, { fileIds: [f1.id, f2.id, f3.id] })).json().data;
    const [g] = await uploadFiles(admin, [{ value: pdf(), filename: '管理员的.pdf' }]);
    const a = (await post(admin, `${P}/CreateMany`, { fileIds: [g.id] })).json().data[0];
    for (const [token, d] of [
      [staff, d1],
      [staff, d2],
      [staff, d3],
      [admin, a],
    ])
      expect((await post(token, `${P}/DeleteSoftAsync`, { id: d.id, isTrueFalse: true })).statusCode).toBe(200);
    // Deleted one after another in the same instant: d2 a second later, d3 31 days ago.
    await t.app.db.execute(sql`update documents set deleted_at = deleted_at + interval '1 second' where id = ${d2.id}`);
    await t.app.db.execute(sql`update documents set deleted_at = now() - interval '31 days' where id = ${d3.id}`);
    const deleted = async (token: string) => {
      const res = await get(token, `${P}/GetDeletedAsync`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; title: string; deletedAt: string }[];
    };
    const mine = await deleted(staff);
    expect(mine.map((d) => d.id).filter((id) => [d1.id, d2.id, d3.id, a.id].includes(id))).toEqual([d2.id, d1.id]);
    expect(mine[0]).toMatchObject({ title: '新报价', canEdit: true });
    expect(Number.isNaN(Date.parse(mine[0].deletedAt))).toBe(false);
    // An administrator restores any of the company's; another company sees none of them.
    const adminSees = (await deleted(admin)).map((d) => d.id);
    expect(adminSees).toEqual(expect.arrayContaining([a.id, d1.id, d2.id]));
    expect(adminSees).not.toContain(d3.id);
    expect((await deleted(other)).map((d) => d.id)).not.toContain(d1.id);
    expect((await deleted(multi)).map((d) => d.id)).not.toContain(d1.id);
    expect((await post(staff, `${P}/DeleteSoftAsync`, { id: d2.id, isTrueFalse: false })).statusCode).toBe(200);
    expect((await deleted(staff)).map((d) => d.id)).not.toContain(d2.id);
  });

  it("another company's ids answer 404", async () => {
    const [f] = await uploadFiles(admin, [{ value: pdf(), filename: 'a.pdf' }]);
    const d = (await post(admin, `${P}/CreateMany`, { fileIds: [f.id], isEnterprise: true })).json().data[0];
    expect((await get(other, `${P}/Get?id=${d.id}`)).statusCode).toBe(404);
    expect((await post(other, `${P}/Update`, { id: d.id, title: 'x' })).statusCode).toBe(404);
    expect((await post(other, `${P}/DeleteSoftAsync`, { id: d.id, isTrueFalse: true })).statusCode).toBe(404);
    expect((await get(other, `${P}/SetEnterpriseAsync?id=${d.id}`)).statusCode).toBe(404);
    expect((await get(other, `${P}/CancelEnterpriseAsync?id=${d.id}`)).statusCode).toBe(404);
    expect((await post(other, `${P}/CreateMany`, { fileIds: [f.id] })).statusCode).toBe(404);
    const ent = (await post(other, `${P}/GetPageDataAsync`, { typeValue: 1, pageSize: 100 })).json();
    expect(ent.data.some((x: { id: number }) => x.id === d.id)).toBe(false);
  });

  it('filters by 文件类型 on the server: rows and totalCount count the same documents', async () => {
    const [p1, w1] = await uploadFiles(multi, [
      { value: pdf(), filename: '手册.pdf' },
      { value: docx(), filename: '合同.docx' },
    ]);
    const [dp, dw] = (await post(multi, `${P}/CreateMany`, { fileIds: [p1.id, w1.id] })).json().data;
    const all = (await post(multi, `${P}/GetPageDataAsync`, { typeValue: 2, pageSize: 100 })).json();
    const word = (await post(multi, `${P}/GetPageDataAsync`, { typeValue: 2, pageSize: 100, format: 'word' })).json();
    const ids = word.data.map((d: { id: number }) => d.id);
    expect(ids).toContain(dw.id);
    expect(ids).not.toContain(dp.id);
    expect(word.data.every((d: { documentType: string }) => ['doc', 'docx'].includes(d.documentType))).toBe(true);
    expect(word.totalCount).toBe(word.data.length);
    expect(word.totalCount).toBeLessThan(all.totalCount);
    expect((await post(multi, `${P}/GetPageDataAsync`, { typeValue: 2, format: 'exe' })).json().field).toBe('format');
  });

  it('names bad input', async () => {
    expect((await post(staff, `${P}/CreateMany`, { fileIds: [] })).json().field).toBe('fileIds');
    expect((await post(staff, `${P}/GetPageDataAsync`, { typeValue: 5 })).json().field).toBe('typeValue');
    expect((await post(staff, `${P}/Update`, { id: 1, title: '' })).json().field).toBe('title');
    expect((await get(staff, `${P}/Get?id=abc`)).statusCode).toBe(400);
    const m = multipart([{ name: 'Files', value: await png(), filename: 'p.png' }]);
    const img = (
      await t.call(staff, {
        method: 'POST',
        url: '/api/fs/FilesOss/v2/PictureUpload',
        payload: m.payload,
        headers: m.headers,
      })
    ).json().files[0];
    // images are accepted document types (SPEC §3)
    const doc = await post(staff, `${P}/CreateMany`, { fileIds: [img.id] });
    expect(doc.json().data[0].documentType).toBe('png');
  });

  it('fills the content port', async () => {
    const [f] = await uploadFiles(staff, [{ value: pdf(), filename: 'share.pdf' }]);
    const d = (await post(staff, `${P}/CreateMany`, { fileIds: [f.id] })).json().data[0];
    const item = await t.app.ports.content.get(t.app.db, t.ids.companyA, 'document', d.id);
    expect(item).toMatchObject({ kind: 'document', title: 'share', fileUrl: f.url, pdfUrl: f.url });
    expect(await t.app.ports.content.get(t.app.db, t.ids.companyB, 'document', d.id)).toBeUndefined();
  });
});
