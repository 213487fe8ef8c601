import type { DbOrTx } from '../client.js';
import type { SeededAccounts } from './accounts.js';

/** Demo data of the content area (runs inside the seed transaction, after the accounts). */
export async function seedContent(_tx: DbOrTx, _ids: SeededAccounts): Promise<void> {}
