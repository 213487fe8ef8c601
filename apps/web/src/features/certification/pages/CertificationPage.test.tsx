// @vitest-environment happy-dom
import type { AuthDetail } from '@huoke/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerInfo } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import CertificationPage from './CertificationPage';

/** The words under a field (its own form item). */
const errorsOf = (field: HTMLElement) =>
  field.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

const SUBMISSION = {
  id: 1,
  companyName: '演示科技有限公司',
  creditCode: '91310000MA1FL0001R',
  legalPerson: '王管理',
  licenceUrl: '/api/fs/raw/licence.png',
  submitTime: '2026-12-01T02:00:00.000Z',
  reviewTime: '2026-12-02T02:00:00.000Z',
};
const rejected: AuthDetail = {
  authenticated: false,
  status: 'rejected',
  state: '未通过',
  reason: '营业执照不清晰',
  submission: SUBMISSION,
};
const pending: AuthDetail = { ...rejected, status: 'pending', state: '待审中', reason: '', submission: SUBMISSION };

/** A rejected company sends its certification again (the form is filled with the last submission). */
function answer(submit: () => Response) {
  let detail = rejected;
  const sent: unknown[] = [];
  server.use(
    http.get('/api/cus/customer/GetAuthDetail', () => HttpResponse.json(detail)),
    http.get('/api/cus/customer/GetMyCustomer', () => HttpResponse.json(customerInfo())),
    http.get('/api/cus/customer/GetAuthState', () => HttpResponse.json({ ...detail, submission: undefined })),
    http.post('/api/cus/customer/SubmitAuth', async ({ request }) => {
      sent.push(await request.json());
      const res = submit();
      if (res.ok) detail = pending;
      return res;
    }),
  );
  return sent;
}

describe('企业认证', { timeout: 60_000 }, () => {
  const scrolled: Element[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    // the test DOM lays nothing out and has no scrollIntoView: record which element was brought into view.
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
  });
  afterEach(() => {
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('says a wrong check digit, and a wrong character, under 统一社会信用代码 without sending', async () => {
    const user = userEvent.setup();
    const sent = answer(() => HttpResponse.json({ id: 2 }));
    renderView(<CertificationPage />);
    const code = await screen.findByLabelText('统一社会信用代码');
    await waitFor(() => expect((code as HTMLInputElement).value).toBe('91310000MA1FL0001R'));
    await user.clear(code);
    await user.type(code, '91310000MA1FL0001Q');
    await user.click(screen.getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(errorsOf(code)).toBe('统一社会信用代码校验位不正确'));
    await user.clear(code);
    await user.type(code, '91310000MA1FL000IR');
    await user.click(screen.getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(errorsOf(code)).toBe('统一社会信用代码格式不正确'));
    expect(sent).toEqual([]);
  });

  it('puts the refusal of a code another company holds under the field', async () => {
    const user = userEvent.setup();
    const detail = '该统一社会信用代码已被其他企业使用';
    const sent = answer(() =>
      HttpResponse.json({ status: 409, title: 'Conflict', detail, field: 'creditCode' }, { status: 409 }),
    );
    renderView(<CertificationPage />);
    const code = await screen.findByLabelText('统一社会信用代码');
    await waitFor(() => expect((code as HTMLInputElement).value).toBe('91310000MA1FL0001R'));
    await user.click(screen.getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(errorsOf(code)).toBe(detail));
    expect(sent).toHaveLength(1);
    expect(screen.getByTestId('auth-state').textContent).toBe('未通过');
  });

  it('brings the new status (待审中) into view once sent', async () => {
    const user = userEvent.setup();
    answer(() => HttpResponse.json({ id: 2 }));
    renderView(<CertificationPage />);
    const code = await screen.findByLabelText('统一社会信用代码');
    await waitFor(() => expect((code as HTMLInputElement).value).toBe('91310000MA1FL0001R'));
    await user.click(screen.getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(screen.getByTestId('auth-state').textContent).toBe('待审中'));
    await waitFor(() => expect(scrolled.some((el) => el.contains(screen.getByTestId('auth-state')))).toBe(true));
  });
});
