import { message } from 'antd';
import { useState } from 'react';
import { UploadError } from './multipart';
import type { UploadRow } from './UploadProgressList';

/** Why a file was not stored, in words: the server's, or the network's. */
const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One file of a batch that was stored, with what its sending answered. */
interface StoredFile<T> {
  file: File;
  answer: T;
}

/**
 * The rows of an upload whose files go one by one, each with its own bar (UploadProgressList): a large file shows
 * it is going, and one refused file (named, with its reason) costs none of the others. `send` sends one file and
 * tells how much of it has gone (0–100); `check` refuses a file before anything is sent (its reason, in words).
 * Once the batch is through, what was stored leaves the list and the failures stay, each with its reason.
 */
export function useUploadRows() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const busy = rows.some((r) => r.status === 'waiting' || r.status === 'sending');
  const setRow = (key: string, change: Partial<UploadRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const run = async <T>(
    files: File[],
    check: (file: File) => string | undefined,
    send: (file: File, onPercent: (percent: number) => void) => Promise<T>,
  ): Promise<StoredFile<T>[]> => {
    const batch = Date.now();
    const planned = files.map((file, i) => {
      const problem = check(file);
      const row: UploadRow = {
        key: `${batch}-${i}`,
        name: file.name,
        percent: 0,
        status: problem ? 'failed' : 'waiting',
        error: problem,
      };
      return { file, row };
    });
    setRows(planned.map((p) => p.row));
    const stored: StoredFile<T>[] = [];
    for (const { file, row } of planned) {
      if (row.status === 'failed') {
        message.error(`${file.name}: ${row.error}`);
        continue;
      }
      setRow(row.key, { status: 'sending' });
      try {
        const answer = await send(file, (percent) => setRow(row.key, { percent }));
        setRow(row.key, { status: 'done', percent: 100 });
        stored.push({ file, answer });
      } catch (err) {
        const error = reasonOf(err);
        setRow(row.key, { status: 'failed', error });
        // An ended session is said by the request client (and leads to /login). The files after it stay unsent:
        // without the session they would each meet a 401 (登录过期) on the way there.
        if (err instanceof UploadError && (err.status === 401 || err.status === 410)) break;
        message.error(`${file.name}: ${error}`, 5);
      }
    }
    setRows((all) => all.filter((r) => r.status === 'failed'));
    return stored;
  };

  return { rows, busy, run };
}
