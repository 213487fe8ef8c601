import { ArrowLeftOutlined } from '@ant-design/icons';
import { ARTICLE_FROM_MAX, ARTICLE_TITLE_MAX, EDITOR } from '@huoke/contracts';
import { Button, Card, Checkbox, Form, type FormInstance, Input, message, Select, Skeleton, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmDiscard } from '../../../shared/confirm';
import { usePhone } from '../../../shared/phone';
import { useLeaveGuard } from '../../../shared/useLeaveGuard';
import { ArticlePreview } from '../components/ArticlePreview';
import { RichEditor } from '../components/RichEditor';
import { ThumbnailField } from '../components/ThumbnailField';
import { editedId, LIST_PATH, MINE_PATH } from '../paths';
import { useArticle, useHotList, useSaveArticle } from '../queries';

interface FormValues {
  title: string;
  articleFrom?: string;
  typeId?: number | null;
  isShareToEnterprise?: boolean;
}

/** Why the body cannot be saved: empty or white space only, or longer than the editor allows (in characters). */
function contentProblem(html: string, chars: number, blank: boolean): 'contentRequired' | 'tooLong' | null {
  if (!html || html === '<p></p>' || chars === 0 || blank) return 'contentRequired';
  return chars > EDITOR.maxWords ? 'tooLong' : null;
}

/** What the form holds of the article being written, for 预览. */
const draftOf = (form: FormInstance<FormValues>) => ({
  title: form.getFieldValue('title') ?? '',
  articleFrom: form.getFieldValue('articleFrom') ?? '',
});

/** The article editor (route /private-guest/articles/edit?id=): title, 来源, thumbnail, category and the rich text. */
export default function ArticleEditPage() {
  const { t } = useTranslation('articles');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = editedId(params);
  const { data: article, isPending } = useArticle(id);
  const { data: hot } = useHotList();
  const save = useSaveArticle();
  const [form] = Form.useForm<FormValues>();
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const content = useRef<{ html: string; chars: number; blank: boolean } | null>(null);
  const [contentError, setContentError] = useState<string | null>(null);
  const ready = !id || (!isPending && !!article);
  const changed = () => ready && (form.isFieldsTouched() || content.current !== null || thumbnail !== null);
  const ask = () => confirmDiscard(t('editor.discardText'));
  // Any way out with changes not saved asks first: the editor's own 取消 and ← did, the rest threw the article away.
  const guard = useLeaveGuard(changed, ask);

  if (!ready) return <Skeleton active />;
  const thumb = thumbnail ?? article?.thumbnail ?? '';

  const html = () => content.current?.html ?? article?.content ?? '';
  /** The body's check, run with the form's (a failed title too): 请输入内容 came only on the next 保存. */
  const contentOk = () => {
    const problem = contentProblem(html(), content.current?.chars ?? (html() ? 1 : 0), content.current?.blank ?? false);
    // Under the body, as the title's is under the title.
    setContentError(problem && t(`editor.${problem}`, { max: EDITOR.maxWords }));
    return !problem;
  };
  const submit = async (v: FormValues) => {
    if (!contentOk()) {
      // The writing area takes the cursor.
      document.querySelector<HTMLElement>('.article-body [contenteditable]')?.focus();
      return;
    }
    const body = {
      title: v.title,
      articleFrom: v.articleFrom ?? '',
      typeId: v.typeId ?? null,
      thumbnail: thumb,
      content: html(),
      isShareToEnterprise: id ? (article?.isShareToEnterprise ?? false) : !!v.isShareToEnterprise,
    };
    try {
      await save.mutateAsync(id ? { ...body, id } : body);
      message.success(t('editor.saved'));
      guard.leaving();
      navigate(body.isShareToEnterprise ? LIST_PATH : MINE_PATH);
    } catch {
      // the request client has shown the error
    }
  };

  // Leaving with changes not saved asks first: 取消 threw a typed article away without a word.
  const leave = async () => {
    if (changed() && !(await ask())) return;
    guard.leaving();
    navigate(LIST_PATH);
  };

  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void leave()} aria-label={t('editor.back')} />
          {id ? t('editor.editTitle') : t('editor.createTitle')}
        </Space>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          title: article?.title ?? '',
          articleFrom: article?.articleFrom ?? '',
          typeId: article?.typeId ?? undefined,
          isShareToEnterprise: false,
        }}
        onFinish={(v) => void submit(v)}
        onFinishFailed={() => void contentOk()}
      >
        <Form.Item
          name="title"
          label={t('editor.title')}
          rules={[{ required: true, whitespace: true, message: t('editor.titleRequired') }]}
        >
          <Input placeholder={t('editor.titlePlaceholder')} maxLength={ARTICLE_TITLE_MAX} showCount />
        </Form.Item>
        <ArticleMetaFields types={hot?.types ?? []} thumbnail={thumb} onThumbnail={setThumbnail} isNew={!id} />
        <Form.Item
          label={t('editor.content')}
          required
          className="article-body"
          validateStatus={contentError ? 'error' : undefined}
          help={contentError ?? undefined}
        >
          <RichEditor
            initialHtml={article?.content ?? ''}
            onChange={(html, chars, blank) => {
              content.current = { html, chars, blank };
              setContentError(null);
            }}
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('editor.save')}
          </Button>
          <ArticlePreview article={() => ({ ...draftOf(form), content: html(), createTime: article?.createTime })} />
          <Button onClick={() => void leave()}>{t('editor.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** 来源, 分类, 缩略图 and, for a new article, 设为企业文章. */
function ArticleMetaFields(p: {
  types: { id: number; name: string }[];
  thumbnail: string;
  onThumbnail: (url: string) => void;
  isNew: boolean;
}) {
  const { t } = useTranslation('articles');
  const phone = usePhone();
  // Side by side on a wide screen; stacked, the fields' own margins are the gap (a row gap added 24 px to each).
  return (
    <Space size={['large', 0]} wrap align="start">
      <Form.Item name="articleFrom" label={t('editor.from')}>
        <Input placeholder={t('editor.fromPlaceholder')} maxLength={ARTICLE_FROM_MAX} style={{ width: 280 }} />
      </Form.Item>
      <Form.Item name="typeId" label={t('editor.type')}>
        <Select
          allowClear
          placeholder={t('editor.typePlaceholder')}
          style={{ width: 200 }}
          options={p.types.map((x) => ({ label: x.name, value: x.id }))}
        />
      </Form.Item>
      <Form.Item label={t('editor.thumbnail')}>
        <ThumbnailField value={p.thumbnail} onChange={p.onThumbnail} />
      </Form.Item>
      {p.isNew && (
        // An empty label lines the box up with the fields beside it; stacked on a phone there are none.
        <Form.Item name="isShareToEnterprise" valuePropName="checked" label={phone ? undefined : ' '}>
          <Checkbox>{t('editor.shareToEnterprise')}</Checkbox>
        </Form.Item>
      )}
    </Space>
  );
}
