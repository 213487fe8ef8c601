import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hasPermission, Permission } from './Permission';

describe('hasPermission', () => {
  it('is true when at least one listed permission is held', () => {
    expect(hasPermission(['/cost/view', '/manage/company-manage/show'], ['/manage/company-manage/show', '/x'])).toBe(
      true,
    );
  });
  it('is false otherwise, and without user info', () => {
    expect(hasPermission(['/cost/view'], ['/manage/company-manage/show'])).toBe(false);
    expect(hasPermission(undefined, ['/cost/view'])).toBe(false);
  });
  it('throws on an empty list (a programming error)', () => {
    expect(() => hasPermission(['/cost/view'], [])).toThrow(/non-empty/);
  });
});

describe('Permission', () => {
  it('renders nothing without the permission and throws on an empty list', () => {
    expect(renderToString(<Permission value={['/cost/view']}>yes</Permission>)).toBe('');
    expect(() => renderToString(<Permission value={[]}>yes</Permission>)).toThrow(/non-empty/);
  });
});
