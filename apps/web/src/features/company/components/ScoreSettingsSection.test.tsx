// @vitest-environment happy-dom
import { SCORE_POINTS } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { renderView, server } from '../../../test/render';
import { ScoreSettingsSection } from './ScoreSettingsSection';

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('线索分设置', () => {
  it('asks for an emptied half-life in its own words (English)', async () => {
    server.use(
      http.get('/api/cus/leads/ScoreSettings', () =>
        HttpResponse.json({ halfLifeDays: 7, points: SCORE_POINTS, isDefault: true }),
      ),
    );
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    renderView(<ScoreSettingsSection />);
    const halfLife = await screen.findByLabelText('Half-life (days)');
    await user.clear(halfLife);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // antd's default said "Please enter Half-life (days)".
    expect(await screen.findByText('Enter the half-life')).toBeTruthy();
  });

  it('names a tap on 拨打电话 or 复制微信号 as the reasons say it, in both languages (no friend was seen added)', async () => {
    server.use(
      http.get('/api/cus/leads/ScoreSettings', () =>
        HttpResponse.json({ halfLifeDays: 7, points: SCORE_POINTS, isDefault: true }),
      ),
    );
    const view = renderView(<ScoreSettingsSection />);
    expect(await screen.findByLabelText('复制微信号')).toBeTruthy();
    expect(screen.getByLabelText('点击拨打电话')).toBeTruthy();
    expect(screen.queryByLabelText('添加微信')).toBeNull();
    view.unmount();
    await i18n.changeLanguage('en');
    renderView(<ScoreSettingsSection />);
    expect(await screen.findByLabelText('Copied the WeChat ID')).toBeTruthy();
    expect(screen.getByLabelText('Tapped Call')).toBeTruthy();
  });

  // A forward scores whether the page's 分享给朋友 was tapped or WeChat's own menu forwarded the link (seen when a
  // friend opened it): 点击转发 / Tapped Share named a button never tapped.
  it('names a forward as one set off, by the page button or by WeChat, in both languages', async () => {
    server.use(
      http.get('/api/cus/leads/ScoreSettings', () =>
        HttpResponse.json({ halfLifeDays: 7, points: SCORE_POINTS, isDefault: true }),
      ),
    );
    const view = renderView(<ScoreSettingsSection />);
    expect(await screen.findByLabelText('发起转发')).toBeTruthy();
    expect(screen.queryByLabelText('点击转发')).toBeNull();
    view.unmount();
    await i18n.changeLanguage('en');
    renderView(<ScoreSettingsSection />);
    expect(await screen.findByLabelText('Started to forward')).toBeTruthy();
    expect(screen.queryByLabelText('Tapped Share')).toBeNull();
  });

  it('asks before restoring the defaults, and keeps the settings on 取消', async () => {
    const resets: unknown[] = [];
    server.use(
      http.get('/api/cus/leads/ScoreSettings', () =>
        HttpResponse.json({ halfLifeDays: 14, points: SCORE_POINTS, isDefault: false }),
      ),
      http.post('/api/cus/leads/ScoreSettings/Reset', () => {
        resets.push(1);
        return HttpResponse.json({ halfLifeDays: 7, points: SCORE_POINTS, isDefault: true });
      }),
    );
    const user = userEvent.setup();
    renderView(<ScoreSettingsSection />);
    await screen.findByDisplayValue('14');
    await user.click(screen.getByRole('button', { name: '恢复默认' }));
    // What a reset does, truly: earned scores stay (the server rebases them; it recomputes nothing).
    expect(
      await screen.findByText(
        '恢复默认的分值和半衰期？已得的线索分不会重算：默认分值用于之后的访客行为，默认半衰期从现在起生效。',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 200));
    expect(resets).toEqual([]);
  });

  it('says when a change applies, takes whole days only, and confirms with the SPEC words 保存成功', async () => {
    const saves: { halfLifeDays: number }[] = [];
    server.use(
      http.get('/api/cus/leads/ScoreSettings', () =>
        HttpResponse.json({ halfLifeDays: 7, points: SCORE_POINTS, isDefault: true }),
      ),
      http.post('/api/cus/leads/ScoreSettings', async ({ request }) => {
        const body = (await request.json()) as { halfLifeDays: number };
        saves.push(body);
        return HttpResponse.json({ ...body, points: SCORE_POINTS, isDefault: false });
      }),
    );
    const user = userEvent.setup();
    renderView(<ScoreSettingsSection />);
    expect(
      await screen.findByText('保存后，新的分值用于之后的访客行为，已得的线索分不变；改动的半衰期从保存时起生效。'),
    ).toBeTruthy();
    const halfLife = await screen.findByLabelText('半衰期（天）');
    await user.clear(halfLife);
    await user.type(halfLife, '2.5');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(saves.map((s) => s.halfLifeDays)).toEqual([3]);
  });
});
