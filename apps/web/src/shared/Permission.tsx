import type { ReactNode } from 'react';
import { useSession } from './session';

/** True when `held` contains at least one of `required`; an empty `required` is a programming error. */
export function hasPermission(held: readonly string[] | undefined, required: readonly string[]): boolean {
  if (!Array.isArray(required) || required.length === 0) {
    throw new Error("Permission needs a non-empty list of permissions, like ['/manage/company-manage/show']");
  }
  return (held ?? []).some((p) => required.includes(p));
}

/** True when the user holds at least one of the permissions (SPEC §6); throws on an empty list. */
export function usePermission(permissions: readonly string[]): boolean {
  const held = useSession((s) => s.info?.permissions);
  return hasPermission(held, permissions);
}

/** Renders its children only for a user holding at least one listed permission (SPEC §6). */
export function Permission({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return usePermission(value) ? children : null;
}
