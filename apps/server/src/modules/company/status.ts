import type { CompanyStatus } from '@huoke/contracts';

/** -1 not purchased, 0 expired, 1 active with N days left (SPEC §2.3). */
export function companyStatus(expiresAt: Date | null, now = Date.now()): { status: CompanyStatus; days: number } {
  if (!expiresAt) return { status: -1, days: 0 };
  const ms = expiresAt.getTime() - now;
  if (ms <= 0) return { status: 0, days: 0 };
  return { status: 1, days: Math.ceil(ms / 86_400_000) };
}
