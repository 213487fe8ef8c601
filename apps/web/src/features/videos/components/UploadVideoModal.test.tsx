// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useConfig } from '../../../shared/config';
import { renderView } from '../../../test/render';
import { UploadVideoModal } from './UploadVideoModal';

const pick = (name: string) =>
  fireEvent.change(screen.getByTestId('video-file-input'), {
    target: { files: [new File([new Uint8Array(16)], name, { type: 'video/mp4' })] },
  });

describe('上传视频', () => {
  // Without ffmpeg the server takes no frame: the hint promised one.
  it('says what a video without a cover shows, by whether the server takes frames', async () => {
    useConfig.setState({ videoFrames: false });
    try {
      renderView(<UploadVideoModal open onClose={() => {}} />);
      expect(await screen.findByText('jpeg/png，小于 1024 KB；未上传时以视频标题作封面')).toBeTruthy();
      expect(screen.queryByText(/未上传时由服务器截取/)).toBeNull();
    } finally {
      useConfig.setState({ videoFrames: true });
    }
  });

  it("shows only its own buttons, not the browser's file inputs (antd forms display them)", async () => {
    renderView(<UploadVideoModal open onClose={() => {}} />);
    await screen.findByLabelText('视频标题');
    for (const id of ['video-file-input', 'video-cover-input'])
      expect(getComputedStyle(screen.getByTestId(id)).display, id).toBe('none');
  });

  it('names the video after the file picked, the last one, until the user writes a title', async () => {
    const user = userEvent.setup();
    renderView(<UploadVideoModal open onClose={() => {}} />);
    const title = (await screen.findByLabelText('视频标题')) as HTMLInputElement;
    pick('fake.mp4');
    expect(title.value).toBe('fake');
    // A second pick (the first was refused, or was the wrong file) renames it: it stayed "fake".
    pick('demo.mp4');
    expect(title.value).toBe('demo');
    await user.clear(title);
    await user.type(title, '产品演示');
    pick('other.mp4');
    expect(title.value).toBe('产品演示');
  });
});
