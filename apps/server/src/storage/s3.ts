/**
 * S3-compatible object store through the AWS SDK v3 client: path-style addressing (MinIO, Ceph, s3rver and other
 * S3-compatible servers), PUT, GET (ranges), HEAD, DELETE, LIST.
 */

import type { Readable } from 'node:stream';
import {
  S3Client as AwsS3Client,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';

interface S3Options {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** An error answered by the store: its HTTP status (404 for a missing object). */
const statusOf = (e: unknown): number | undefined =>
  (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (e: unknown) => {
  const name = (e as { name?: string }).name;
  return statusOf(e) === 404 || name === 'NoSuchKey' || name === 'NotFound';
};

export class S3Client {
  private readonly client: AwsS3Client;
  readonly bucket: string;

  constructor(o: S3Options) {
    this.bucket = o.bucket;
    this.client = new AwsS3Client({
      endpoint: o.endpoint,
      region: o.region,
      forcePathStyle: true,
      credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secretKey },
      // Checksums only where S3 requires them: S3-compatible servers do not all know the newer checksum headers
      // (or the aws-chunked bodies they bring for streams).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Readable | Buffer, size: number, mime: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: size, ContentType: mime }),
    );
  }

  /** The object's size, or undefined when there is none. */
  async head(key: string): Promise<number | undefined> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return res.ContentLength ?? 0;
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw e;
    }
  }

  async get(
    key: string,
    range?: { start: number; end?: number },
  ): Promise<{ stream: Readable; size: number; range?: { start: number; end: number } } | undefined> {
    let res: GetObjectCommandOutput;
    try {
      res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
    } catch (e) {
      if (isMissing(e) || statusOf(e) === 416) return undefined;
      throw e;
    }
    const stream = res.Body as Readable;
    const m = res.ContentRange ? /bytes (\d+)-(\d+)\/(\d+)/.exec(res.ContentRange) : null;
    if (m) return { stream, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) } };
    return { stream, size: res.ContentLength ?? 0 };
  }

  /** Whole small object as a buffer (undefined when missing). */
  async getBuffer(key: string): Promise<Buffer | undefined> {
    const opened = await this.get(key);
    if (!opened) return undefined;
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  /** Keys (with their last change) under a prefix. */
  async list(prefix: string): Promise<{ key: string; modified: number }[]> {
    const out: { key: string; modified: number }[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? [])
        if (o.Key) out.push({ key: o.Key, modified: o.LastModified?.getTime() ?? Date.now() });
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  destroy() {
    this.client.destroy();
  }
}
