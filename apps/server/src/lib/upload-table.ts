import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import { multipartProblem } from './request-body.js';
import { readTable } from './table-file.js';

/** Largest import file. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The rows of the uploaded `file` part (CSV or .xlsx) of a multipart request. */
export async function uploadedTable(req: FastifyRequest): Promise<string[][]> {
  if (!req.isMultipart()) throw badRequest('请使用multipart/form-data上传文件', 'file');
  let part: Awaited<ReturnType<typeof req.file>>;
  try {
    part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
  } catch (e) {
    throw multipartProblem(e) ?? badRequest((e as Error).message, 'file');
  }
  if (part?.fieldname !== 'file') throw badRequest('请选择文件', 'file');
  const data = await part.toBuffer().catch((e) => {
    throw multipartProblem(e) ?? badRequest('文件不能超过5MB', 'file');
  });
  if (part.file.truncated) throw badRequest('文件不能超过5MB', 'file');
  return readTable(data, part.filename);
}
