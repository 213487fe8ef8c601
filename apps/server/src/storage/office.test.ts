import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { docx, multipart } from './testing.js';
import { officeToPdf } from './tools.js';

// A stand-in for LibreOffice on PATH: writes a PDF named after the input into --outdir, or hangs when asked to.
const FAKE_SOFFICE = `#!/bin/sh
out=""; last=""
while [ $# -gt 0 ]; do
  case "$1" in --outdir) shift; out="$1";; *) last="$1";; esac
  shift
done
if [ -n "$FAKE_SOFFICE_HANG" ]; then sleep 30; fi
name=$(basename "$last"); name="\${name%.*}"
printf '%%PDF-1.4 converted\\n' > "$out/$name.pdf"
`;

let bin: string;
let t: TestApp;
const path = process.env.PATH;
beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), 'huoke-fake-soffice-'));
  await writeFile(join(bin, 'soffice'), FAKE_SOFFICE);
  await chmod(join(bin, 'soffice'), 0o755);
  process.env.PATH = `${bin}${delimiter}${process.env.PATH}`;
  t = await createTestApp();
});
afterAll(async () => {
  process.env.PATH = path; // the next file in this worker finds the real soffice, if any
  await t.close();
});

describe('office → PDF with soffice --headless', () => {
  it('converts through the API once, stores the PDF and shows it on the document', async () => {
    const token = await t.login('staff1');
    const m = multipart([{ name: 'file', value: docx(), filename: '方案.docx' }]);
    const f = (await t.call(token, { method: 'POST', url: '/api/fs/Files/AttachmentUpload', ...m })).json().files[0];
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/fs/FilesOss/v2/ConvertOfficeToPdf',
      payload: { fileId: f.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pdfUrl = res.json().pdfUrl;
    expect(pdfUrl).toMatch(/_pdf\.pdf$/);
    const raw = await t.app.inject({ method: 'GET', url: pdfUrl });
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.body).toContain('%PDF-1.4 converted');
    const again = await t.call(token, {
      method: 'POST',
      url: '/api/fs/FilesOss/v2/ConvertOfficeToPdf',
      payload: { fileId: f.id },
    });
    expect(again.json().pdfUrl).toBe(pdfUrl);
    const doc = (
      await t.call(token, {
        method: 'POST',
        url: '/api/caspush/v2/WjtDocument/CreateMany',
        payload: { fileIds: [f.id] },
      })
    ).json().data[0];
    expect(doc.pdfUrl).toBe(pdfUrl);
  });

  it('gives up at the time bound instead of hanging', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'huoke-office-'));
    const input = join(dir, 'a.docx');
    await writeFile(input, docx());
    process.env.FAKE_SOFFICE_HANG = '1';
    try {
      const started = Date.now();
      expect(await officeToPdf(input, dir, 500)).toBeNull();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      delete process.env.FAKE_SOFFICE_HANG;
    }
    const ok = await officeToPdf(input, dir, 5000);
    expect(ok && (await readFile(ok, 'utf8'))).toContain('%PDF');
  });
});
