import type { DbOrTx } from '../client.js';
import type { SeededAccounts } from './accounts.js';

/** Demo data of the radar area (runs inside the seed transaction, after the accounts). */
export async function seedRadar(_tx: DbOrTx, _ids: SeededAccounts): Promise<void> {}
