import { Form, Input, message, Progress } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config';
import { FormDialog } from '../../../shared/FormDialog';
import { chunkedUpload } from '../../../shared/upload/chunked';
import { showUploadError } from '../../../shared/upload/multipart';
import { checkFile, ruleMessage } from '../../../shared/upload/rules';
import { useCreateVideo } from '../queries';
import { CoverField } from './CoverField';
import { VideoFileField } from './VideoFileField';

interface Values {
  title: string;
  description?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** After a video is created: it is the uploader's own, in 我的视频. */
  onUploaded?: () => void;
}

/** Upload a video in 2 MB chunks with progress (resumes after a network error), optional cover, then create it. */
export function UploadVideoModal({ open, onClose, onUploaded }: Props) {
  const { t, i18n } = useTranslation('videos');
  const [form] = Form.useForm<Values>();
  const [video, setVideo] = useState<File | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [cover, setCover] = useState<string>('');
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The title taken from the picked file's name, while the user has not changed it. */
  const named = useRef('');
  const create = useCreateVideo();
  // Without ffmpeg the server takes no frame: the hint says what a video without a cover shows instead.
  const videoFrames = useConfig((c) => c.videoFrames);

  const reset = () => {
    form.resetFields();
    named.current = '';
    setVideo(null);
    setVideoError(null);
    setCover('');
    setPercent(null);
  };
  const close = () => {
    abort.current?.abort();
    reset();
    onClose();
  };

  const pickVideo = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const p = checkFile(f, 'video');
    if (p) {
      message.error(ruleMessage(p, i18n?.language));
      return;
    }
    setVideo(f);
    setVideoError(null);
    // The title follows the file picked until the user writes one (a second pick kept the first file's name).
    const current = form.getFieldValue('title');
    if (!current || current === named.current) {
      named.current = f.name.replace(/\.[^.]+$/, '').slice(0, 100);
      form.setFieldsValue({ title: named.current });
    }
  };
  const submit = async (v: Values) => {
    if (!video) {
      setVideoError(t('videoRequired'));
      return;
    }
    abort.current = new AbortController();
    setPercent(0);
    try {
      const answer = await chunkedUpload(video, {
        videoFileType: 'video',
        signal: abort.current.signal,
        onProgress: (p) => setPercent(p),
      });
      if (!answer.file) throw new Error('upload did not complete');
      await create.mutateAsync({
        title: v.title,
        description: v.description ?? '',
        fileId: answer.file.id,
        videoPicUrl: cover,
      });
      message.success(t('uploaded'));
      reset();
      onClose();
      onUploaded?.();
    } catch (err) {
      if (!abort.current?.signal.aborted) showUploadError(err);
      setPercent(null);
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('uploadTitle')}
      form={form}
      onClose={close}
      onSubmit={submit}
      busy={percent !== null}
      formProps={{ layout: 'vertical' }}
    >
      <Form.Item
        name="title"
        label={t('videoTitle')}
        rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label={t('videoFile')}
        required
        validateStatus={videoError ? 'error' : undefined}
        help={videoError ?? t('videoHint')}
      >
        <VideoFileField video={video} busy={percent !== null} onPick={pickVideo} />
      </Form.Item>
      <Form.Item label={t('cover')} help={t(videoFrames ? 'coverHint' : 'coverHintNoFrames')}>
        <CoverField value={cover} onChange={setCover} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
      {percent !== null && (
        <Progress aria-label={t('videoFile')} percent={percent} data-testid="video-upload-progress" />
      )}
    </FormDialog>
  );
}
