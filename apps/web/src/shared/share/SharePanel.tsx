import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { SELECTION_MAX, type ShareAnswer, type ShareSettings } from '@huoke/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, message, Space, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFailure } from '../form';
import { ContentPicker } from '../pickers/ContentPicker';
import type { PickableKind, PickedItem } from '../pickers/types';
import { useServiceGate } from '../ServiceGate';
import { ArticlePosterDialog } from './ArticlePosterDialog';
import { shareApi } from './api';
import { ShareResult } from './ShareResult';

/** What can be shared from the console (article drawer, video and document lists). */
type ShareableKind = 'article' | 'video' | 'document';

export interface SharePanelProps {
  kind: ShareableKind;
  id: number;
}

type CardTag = 'company' | 'position' | 'weChat' | 'phone';
const TAGS: { key: CardTag; label: string }[] = [
  { key: 'company', label: 'tagCompany' },
  { key: 'position', label: 'tagPosition' },
  { key: 'weChat', label: 'tagWeChat' },
  { key: 'phone', label: 'tagPhone' },
];
const RELATED: { kind: PickableKind; label: string }[] = [
  { kind: 'article', label: 'relatedArticles' },
  { kind: 'video', label: 'relatedVideos' },
  { kind: 'document', label: 'relatedDocuments' },
];

/** What a template share of an article shows: the card and which of its fields, and the related items. */
function shareSettings(
  id: number,
  showCard: boolean,
  hasWeChat: boolean,
  tags: Set<CardTag>,
  related: Record<PickableKind, PickedItem[]>,
): ShareSettings {
  return {
    articleManagerId: id,
    isShowCard: showCard,
    isShowCompany: showCard && tags.has('company'),
    isShowPosition: showCard && tags.has('position'),
    isShowWeChat: showCard && hasWeChat && tags.has('weChat'),
    isShowPhone: showCard && tags.has('phone'),
    relationIds: related.article.map((r) => r.id),
    relationWjtVideoIds: related.video.map((r) => r.id),
    relationWjtDocumentIds: related.document.map((r) => r.id),
  };
}

/** Share panel of the article detail drawer (SPEC §2.3): card switch and tags, related items, link + QR, push. */
export function SharePanel({ kind, id }: SharePanelProps) {
  const { t } = useTranslation('sharing');
  const [showCard, setShowCard] = useState(false);
  const [tags, setTags] = useState<Set<CardTag>>(() => new Set<CardTag>(['company', 'position', 'phone']));
  const [related, setRelated] = useState<Record<PickableKind, PickedItem[]>>({ article: [], video: [], document: [] });
  const [picking, setPicking] = useState<PickableKind | null>(null);
  const [result, setResult] = useState<ShareAnswer | null>(null);
  const [posterOpen, setPosterOpen] = useState(false);
  const isArticle = kind === 'article';
  // SPEC §6: articles and their push need CASPUSH (type 1), other content either service (type 3), the card
  // VISITINGCARD (type 2).
  const gate = useServiceGate();
  const card = useQuery({ queryKey: ['sharing', 'card'], queryFn: shareApi.card, enabled: isArticle });
  const hasWeChat = !!card.data?.weChatID;

  const settings = useMemo(
    () => shareSettings(id, showCard, hasWeChat, tags, related),
    [id, showCard, tags, hasWeChat, related],
  );

  const share = useMutation({
    mutationFn: () => (isArticle ? shareApi.templateShare(settings) : shareApi.shareContent(kind, id)),
    onSuccess: setResult,
    onError: reportFailure,
  });
  // A video or a document has nothing to choose before its link: opening it for sharing makes the link (reused by the
  // server while it lives) and shows the QR code at once. 生成分享链接 stays for an article, and for a try that failed.
  useMakeOnOpen(!isArticle, () => void gate(3, () => share.mutate()));
  const push = useMutation({
    mutationFn: () => shareApi.pushToApp(id),
    onSuccess: () => message.success(t('pushed')),
    onError: reportFailure,
  });
  const changed =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setResult(null);
    };
  const switchCard = (on: boolean) =>
    on ? void gate(2, () => changed(setShowCard)(true)) : changed(setShowCard)(false);
  const toggleTag = (tag: CardTag) =>
    changed<CardTag>((k) =>
      setTags((prev) => {
        const next = new Set(prev);
        if (next.has(k)) next.delete(k);
        else next.add(k);
        return next;
      }),
    )(tag);

  return (
    <section aria-label={t('share')} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
      <Collapsible>
        <Space orientation="vertical" style={{ width: '100%', padding: '4px 0 12px' }}>
          {isArticle && (
            <>
              <Space>
                <Switch checked={showCard} onChange={switchCard} aria-label={t('showCard')} />
                <span>{t('showCard')}</span>
              </Space>
              {showCard && <CardTagPicker tags={tags} hasWeChat={hasWeChat} onToggle={toggleTag} />}
              <Typography.Text type="secondary">{t('related')}</Typography.Text>
              <RelatedItems
                related={related}
                onPick={setPicking}
                onRemove={(k, id) =>
                  changed<number>((rid) => setRelated((p) => ({ ...p, [k]: p[k].filter((x) => x.id !== rid) })))(id)
                }
              />
            </>
          )}
          <Space wrap>
            <MakeLink
              offered={isArticle || !(share.isPending || result)}
              making={share.isPending}
              onMake={() => void gate(isArticle ? 1 : 3, () => share.mutate())}
            />
            {isArticle && (
              <Button loading={push.isPending} onClick={() => void gate(1, () => push.mutate())}>
                {t('push')}
              </Button>
            )}
          </Space>
          {result && <ShareResult result={result} onPoster={isArticle ? () => setPosterOpen(true) : undefined} />}
        </Space>
      </Collapsible>
      {picking && (
        <ContentPicker
          kind={picking}
          exclude={picking === kind ? id : undefined}
          open
          value={related[picking].map((r) => r.id)}
          onOk={(items) => {
            const k = picking;
            setPicking(null);
            changed<PickedItem[]>((v) => setRelated((p) => ({ ...p, [k]: v.slice(0, SELECTION_MAX) })))(items);
          }}
          onCancel={() => setPicking(null)}
        />
      )}
      {isArticle && result && (
        <ArticlePosterDialog
          open={posterOpen}
          onClose={() => setPosterOpen(false)}
          articleId={id}
          qrCode={result.qrCode}
          showCard={showCard}
        />
      )}
    </section>
  );
}

/** 生成分享链接 (an article's; a video's or a document's after a failed try), or a word while the link is made. */
function MakeLink({ offered, making, onMake }: { offered: boolean; making: boolean; onMake: () => void }) {
  const { t } = useTranslation('sharing');
  if (offered)
    return (
      <Button type="primary" loading={making} onClick={onMake}>
        {t('makeLink')}
      </Button>
    );
  return making ? (
    <Space role="status">
      <Spin size="small" />
      {t('makingLink')}
    </Space>
  ) : null;
}

/** Runs `make` once when the panel opens, if `now`. */
function useMakeOnOpen(now: boolean, make: () => void) {
  const made = useRef(false);
  const run = useRef(make);
  run.current = make;
  useEffect(() => {
    if (!now || made.current) return;
    made.current = true;
    run.current();
  }, [now]);
}

/** The card's fields shown with an article (WeChat only when the card has one). */
function CardTagPicker({
  tags,
  hasWeChat,
  onToggle,
}: {
  tags: Set<CardTag>;
  hasWeChat: boolean;
  onToggle: (tag: CardTag) => void;
}) {
  const { t } = useTranslation('sharing');
  return (
    <Space wrap>
      {TAGS.map(({ key, label }) =>
        key === 'weChat' && !hasWeChat ? (
          <Tooltip key={key} title={t('weChatNeeded')}>
            <Tag aria-disabled="true" style={{ opacity: 0.5, cursor: 'not-allowed' }}>
              {t(label)}
            </Tag>
          </Tooltip>
        ) : (
          <Tag.CheckableTag key={key} checked={tags.has(key)} onChange={() => onToggle(key)}>
            {t(label)}
          </Tag.CheckableTag>
        ),
      )}
    </Space>
  );
}

/** The articles, videos and documents shown below a shared article, each kind with its picker button. */
function RelatedItems({
  related,
  onPick,
  onRemove,
}: {
  related: Record<PickableKind, PickedItem[]>;
  onPick: (kind: PickableKind) => void;
  onRemove: (kind: PickableKind, id: number) => void;
}) {
  const { t } = useTranslation('sharing');
  return (
    <>
      {RELATED.map(({ kind: k, label }) => (
        <Space key={k} wrap>
          <Button size="small" onClick={() => onPick(k)}>
            {t(label)}
          </Button>
          {related[k].map((r) => (
            <Tag key={r.id} closable onClose={() => onRemove(k, r.id)}>
              {r.title}
            </Tag>
          ))}
        </Space>
      ))}
    </>
  );
}

/** The panel's body under 收起 / 展开 (open at first), folding with a short animation. */
function Collapsible({ children }: { children: ReactNode }) {
  const { t } = useTranslation('sharing');
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button
        type="link"
        onClick={() => setOpen((o) => !o)}
        icon={open ? <DownOutlined /> : <UpOutlined />}
        aria-expanded={open}
      >
        {open ? t('collapse') : t('expand')}
      </Button>
      {/* Closed, the controls are out of the tab order and of the accessibility tree (inert; hidden once the slide
          ends): 收起分享 only clipped them, and Tab still went to 显示名片 and 相关文章 out of sight. */}
      <div
        inert={!open}
        aria-hidden={!open}
        style={{
          maxHeight: open ? 1600 : 0,
          overflow: 'hidden',
          visibility: open ? 'visible' : 'hidden',
          transition: 'max-height .3s ease, visibility .3s',
        }}
      >
        {children}
      </div>
    </>
  );
}
