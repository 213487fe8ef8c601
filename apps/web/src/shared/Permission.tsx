import type { ReactNode } from 'react';
import { useSession } from './session';

/** True when the user holds at least one of the permissions; an empty list is a programming error. */
export function usePermission(permissions: readonly string[]): boolean {
  if (!Array.isArray(permissions) || permissions.length === 0) {
    throw new Error("usePermission needs a non-empty list of permissions, like ['/manage/company-manage/show']");
  }
  const held = useSession((s) => s.info?.permissions);
  return (held ?? []).some((p) => permissions.includes(p));
}

/** Renders its children only for a user holding at least one listed permission (SPEC §6). */
export function Permission({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return usePermission(value) ? children : null;
}
