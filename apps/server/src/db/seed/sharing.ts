import type { DbOrTx } from '../client.js';
import type { SeededAccounts } from './accounts.js';

/** Demo data of the sharing area (runs inside the seed transaction, after the accounts). */
export async function seedSharing(_tx: DbOrTx, _ids: SeededAccounts): Promise<void> {}
