/**
 * A number per company that changes whenever someone of the company writes through the console (any successful
 * authenticated request that is not a read). Caches of what the public sees (share pages) keep the number they
 * were filled under and are stale once it moved, so an edit shows at once in this process; another server copy
 * shows it within the cache's time limit.
 */
export class CompanyVersions {
  private readonly versions = new Map<number, number>();

  of(companyId: number): number {
    return this.versions.get(companyId) ?? 0;
  }

  bump(companyId: number): void {
    this.versions.set(companyId, this.of(companyId) + 1);
  }
}
