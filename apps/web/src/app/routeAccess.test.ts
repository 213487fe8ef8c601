import type { UserInfo } from '@huoke/contracts';
import { MENU_TREE, type MenuDefinition } from '@huoke/contracts';
import { PERMISSION, permissionsForRole } from '@huoke/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { GATED_VIEWS } from '../shared/gatedViews';
import { mayOpen } from './routeAccess';

const user = (role: 'admin' | 'staff', isOperator = false) =>
  ({ permissions: permissionsForRole(role), isOperator, isAdmin: role === 'admin' }) as unknown as UserInfo;

describe('mayOpen (the guard sends everyone else to /403)', () => {
  it('company management and enterprise certification need /manage/company-manage/show', () => {
    for (const path of ['/manage/company-manage/info', '/enterprise/auth', '/enterprise/auth/']) {
      expect(mayOpen(path, user('staff'))).toBe(false);
      expect(mayOpen(path, user('admin'))).toBe(true);
    }
    expect(user('admin').permissions).toContain(PERMISSION.companyManageShow);
  });
  it('the operator review is the operator’s only', () => {
    expect(mayOpen('/operator/review', user('admin'))).toBe(false);
    expect(mayOpen('/operator/review', user('staff', true))).toBe(true);
  });
  it('every other session route is open to every session', () => {
    for (const path of ['/home', '/cost/detail', '/expand-words', '/private-guest/radar'])
      expect(mayOpen(path, user('staff'))).toBe(true);
  });
});

describe('GATED_VIEWS (SPEC §6 gate of a view the package lacks)', () => {
  const TYPE_OF: Record<string, number> = {
    CASPUSH: 1,
    VISITINGCARD: 2,
    'CASPUSH,VISITINGCARD': 3,
    WJTPOSTER: 4,
  };
  const gated: Record<string, number> = {};
  const walk = (list: MenuDefinition[]) => {
    for (const d of list) {
      if (d.children) walk(d.children);
      else if (d.needsCode) gated[d.path] = TYPE_OF[[...d.needsCode].sort().join(',')];
    }
  };
  walk(MENU_TREE);

  it('holds every menu view that needs a service code, with the gate type of its codes', () => {
    expect(GATED_VIEWS).toEqual(gated);
    expect(GATED_VIEWS['/private-guest/poster']).toBe(4);
  });
});
