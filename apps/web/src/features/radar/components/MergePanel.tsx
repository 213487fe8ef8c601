import type { LeadMerge, Visitor } from '@huoke/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, message, Select, Skeleton, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../shared/confirm';
import { reportFailure } from '../../../shared/form';
import { formatDateTime } from '../../../shared/format';
import { ItemList, ItemText } from '../../../shared/ItemList';
import { visitorLabel } from '../../../shared/visitorLabel';
import { chainsApi, radarApi } from '../api';
import { radarKeys } from '../queries';

/** What follows a merge or its undo in the drawer of `visitor` (`gone`: this lead was merged into the other). */
function useMergeDone(visitor: Visitor, onGone: () => void) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (list: LeadMerge[], gone: boolean) => {
    if (!gone) {
      void qc.invalidateQueries({ queryKey: radarKeys.all });
      qc.setQueryData(['radar', 'merges', visitor.id], list);
      return;
    }
    // This lead was merged into the other: the drawer shows the lead it went into (the radar opens the lead its
    // address names; the drawer used to close, leaving the user to find it), and everything but this lead's own
    // queries is refreshed. Refetched, each of those answered 404 and showed 访客不存在 (five times).
    const kept = list.find((m) => m.mergedId === visitor.id)?.keptId;
    if (kept) navigate(`/private-guest/radar?id=${kept}`);
    else onGone();
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'radar' && q.queryKey[2] !== visitor.id });
  };
}

/**
 * 另有 N 位访客留了同一手机号: the leads this user sees that left the lead's phone, offered for a merge by hand.
 * A phone typed into a share-page form merges nothing by itself (anyone can type anyone's phone); a person who sees
 * both leads decides.
 */
export function SamePhoneHint({ visitor, onGone }: { visitor: Visitor; onGone: () => void }) {
  const { t } = useTranslation('radar');
  const phone = visitor.phone?.trim();
  const same = useQuery({
    queryKey: ['radar', 'same-phone', visitor.id, phone],
    queryFn: () => radarApi.visitors({ pageIndex: 1, pageSize: 20, keyword: phone }),
    enabled: !!phone,
  });
  const [picking, setPicking] = useState(false);
  const done = useMergeDone(visitor, onGone);
  const others = (same.data?.data ?? []).filter((v) => v.id !== visitor.id && v.phone?.trim() === phone);
  if (!phone || others.length === 0) return null;
  return (
    <>
      <Alert
        type="info"
        showIcon
        data-testid="same-phone"
        style={{ marginBottom: 12 }}
        title={t('merge.samePhone', { count: others.length, phone })}
        action={
          <Button size="small" onClick={() => setPicking(true)}>
            {t('merge.review')}
          </Button>
        }
      />
      <MergeDialog
        visitor={visitor}
        open={picking}
        suggested={others}
        onClose={() => setPicking(false)}
        onMerged={(list, other) => done(list, other < visitor.id)}
      />
    </>
  );
}

/** The lead's merges (undo within 30 days) and a hand merge with another lead. */
export function MergePanel({ visitor, onGone }: { visitor: Visitor; onGone: () => void }) {
  const { t } = useTranslation('radar');
  const key = ['radar', 'merges', visitor.id];
  const merges = useQuery({ queryKey: key, queryFn: () => chainsApi.merges(visitor.id) });
  const [picking, setPicking] = useState(false);
  const done = useMergeDone(visitor, onGone);

  return (
    <div data-testid="merge-panel">
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => setPicking(true)}>{t('merge.action')}</Button>
      </Space>
      {merges.isPending ? (
        <Skeleton active />
      ) : merges.isError ? (
        <Alert
          type="error"
          title={t('chains.loadFailed')}
          action={<Button onClick={() => merges.refetch()}>{t('chains.retry')}</Button>}
        />
      ) : merges.data.length === 0 ? (
        <Empty description={t('merge.none')} />
      ) : (
        <MergeHistory merges={merges.data} visitorId={visitor.id} onUndone={(list) => done(list, false)} />
      )}
      <MergeDialog
        visitor={visitor}
        open={picking}
        onClose={() => setPicking(false)}
        // The older lead is kept: this drawer's lead is gone when it was the newer one.
        onMerged={(list, other) => done(list, other < visitor.id)}
      />
    </div>
  );
}

/**
 * The merges of the lead: how each came about, with 撤销合并 while it can still be undone. A merge that took this lead
 * into another (seen from the merged lead, after an undo) names the lead it went into.
 */
function MergeHistory({
  merges,
  visitorId,
  onUndone,
}: {
  merges: LeadMerge[];
  visitorId: number;
  onUndone: (list: LeadMerge[]) => void;
}) {
  const { t } = useTranslation('radar');
  // The merge just undone: its 已撤销 takes the keyboard's focus, which was on the 撤销合并 button it replaces (the
  // focus fell to the page's body, and Tab started over from the top).
  const [undone, setUndone] = useState<number | null>(null);
  const focusOnShow = useCallback((el: HTMLElement | null) => el?.focus(), []);
  const undo = useMutation({
    mutationFn: (id: number) => chainsApi.undo(id),
    onSuccess: (list, id) => {
      message.success(t('merge.undone'));
      setUndone(id);
      onUndone(list);
    },
    onError: reportFailure,
  });
  return (
    <ItemList
      items={merges}
      itemKey={(m) => m.id}
      itemTestId="merge-item"
      extra={(m) =>
        m.canUndo ? (
          <Button
            size="small"
            loading={undo.isPending}
            onClick={async () => {
              if (await confirmAction(t('merge.undoText'), t('merge.undoTitle'), { ok: t('merge.undo') }))
                undo.mutate(m.id);
            }}
          >
            {t('merge.undo')}
          </Button>
        ) : m.undoneAt ? (
          <span tabIndex={-1} ref={m.id === undone ? focusOnShow : undefined}>
            {t('merge.undone')}
          </span>
        ) : m.returned ? (
          t('merge.returned')
        ) : (
          t('merge.expired')
        )
      }
      render={(m) => (
        <ItemText
          title={
            m.mergedId === visitorId
              ? t('merge.mergedInto', { name: visitorLabel(m.keptName, m.keptId, t('anonymous')) })
              : t(m.mergedPhone ? 'merge.mergedWithPhone' : 'merge.merged', {
                  name: visitorLabel(m.mergedName, m.mergedId, t('anonymous')),
                  phone: m.mergedPhone,
                })
          }
          description={`${m.reason === 'manual' ? t('merge.byHand', { name: m.byName ?? '' }) : t(m.reason === 'phone' ? 'merge.byPhone' : 'merge.byUnionid')} · ${formatDateTime(m.createdAt)}`}
        />
      )}
    />
  );
}

/**
 * 合并线索: pick another lead by name, phone or company, and merge the two; `suggested` (the leads with the same
 * phone) are listed until a search is typed, the first one picked.
 */
function MergeDialog({
  visitor,
  open,
  suggested,
  onClose,
  onMerged,
}: {
  visitor: Visitor;
  open: boolean;
  suggested?: Visitor[];
  onClose: () => void;
  onMerged: (list: LeadMerge[], other: number) => void;
}) {
  const { t } = useTranslation('radar');
  const [other, setOther] = useState<number | undefined>(suggested?.[0]?.id);
  const [keyword, setKeyword] = useState('');
  const candidates = useQuery({
    queryKey: ['radar', 'merge-candidates', keyword],
    queryFn: () => radarApi.visitors({ pageIndex: 1, pageSize: 20, ...(keyword ? { keyword } : {}) }),
    enabled: open && !(suggested && !keyword),
  });
  const listed = suggested && !keyword ? suggested : (candidates.data?.data ?? []);
  const picked = listed.find((v) => v.id === other);
  const nameOf = (v: Visitor) => visitorLabel(v.nickname, v.id, t('anonymous'));
  const merge = useMutation({
    mutationFn: (b: number) => chainsApi.merge(visitor.id, b),
    onSuccess: (list, b) => {
      message.success(t('merge.done'));
      onClose();
      setOther(undefined);
      onMerged(list, b);
    },
    onError: reportFailure,
  });
  return (
    <Modal
      title={t('merge.action')}
      open={open}
      onCancel={onClose}
      okText={t('merge.confirm')}
      cancelText={t('merge.cancel')}
      okButtonProps={{ disabled: !other, loading: merge.isPending }}
      onOk={() => other && merge.mutate(other)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('merge.hint')}</Typography.Paragraph>
      {picked && (
        // Which one stays and which one goes, by name: "保留较早来访的一条" alone left the reader to work it out.
        <Typography.Paragraph data-testid="merge-outcome">
          {t('merge.outcome', {
            kept: nameOf(picked.id < visitor.id ? picked : visitor),
            gone: nameOf(picked.id < visitor.id ? visitor : picked),
          })}
        </Typography.Paragraph>
      )}
      <Select
        showSearch
        style={{ width: '100%' }}
        placeholder={t('merge.pick')}
        aria-label={t('merge.pick')}
        value={other}
        onChange={setOther}
        filterOption={false}
        onSearch={setKeyword}
        loading={candidates.isFetching}
        options={listed
          .filter((v) => v.id !== visitor.id)
          .map((v) => ({
            value: v.id,
            label: [visitorLabel(v.nickname, v.id, t('anonymous')), v.phone, v.company].filter(Boolean).join(' · '),
          }))}
      />
    </Modal>
  );
}
