import type { DbOrTx } from '../client.js';
import type { SeededAccounts } from './accounts.js';

/** Demo data of the newmedia area (runs inside the seed transaction, after the accounts). */
export async function seedNewmedia(_tx: DbOrTx, _ids: SeededAccounts): Promise<void> {}
