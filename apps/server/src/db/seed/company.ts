import type { DbOrTx } from '../client.js';
import type { SeededAccounts } from './accounts.js';

/** Demo data of the company area (runs inside the seed transaction, after the accounts). */
export async function seedCompany(_tx: DbOrTx, _ids: SeededAccounts): Promise<void> {}
