import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { CompanyListItem } from '@huoke/contracts';
import { COMPANY_CAROUSEL_PER_VIEW } from '@huoke/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Col, Empty, Grid, Modal, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyStatusTag } from '../../../shared/CompanyStatusTag';
import { confirmAction } from '../../../shared/confirm';
import { HotUnreadBadge } from '../../../shared/HotUnreadBadge';
import { ListFailure } from '../../../shared/ListFailure';
import { SmsLoginOffer } from '../../../shared/SmsLoginOffer';
import { listCompanies } from '../api';
import { enterCompany } from '../enterCompany';
import { CompanyFormDialog, type CompanyFormMode } from './CompanyFormDialog';
import { InvitationsToMe } from './InvitationsToMe';

function CompanyCard({ c, onPick }: { c: CompanyListItem; onPick: () => void }) {
  const { t } = useTranslation('account');
  return (
    <button
      type="button"
      aria-current={c.current || undefined}
      onClick={onPick}
      // A column from the top, as tall as the tallest card of its row (the Col stretches it): a button centres its
      // content, so a shorter card's lines sat in the middle beside the current one.
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-start',
        width: '100%',
        height: '100%',
        minWidth: 0,
        padding: 16,
        textAlign: 'center',
        cursor: c.current ? 'default' : 'pointer',
        background: c.current ? '#e6f4ff' : '#fff',
        border: `${c.current ? 2 : 1}px solid ${c.current ? '#1677ff' : '#d9d9d9'}`,
        borderRadius: 8,
      }}
    >
      <Avatar src={c.logo || undefined} shape="square" size={48}>
        {c.customerName.slice(0, 1)}
      </Avatar>
      <div style={{ fontWeight: 600, margin: '8px 0 4px', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {c.customerName}
      </div>
      <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 12 }}>
        {t('common:labelled', { label: t('switch.user'), value: c.name })}
      </div>
      <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 12, marginBottom: 8 }}>
        {t('common:labelled', { label: t('switch.package'), value: c.proName || '-' })}
      </div>
      <CompanyStatusTag status={c.status} days={c.days} />
      {c.hotUnread > 0 && (
        <div style={{ marginTop: 6 }}>
          <HotUnreadBadge count={c.hotUnread} />
        </div>
      )}
      {c.current && <div style={{ color: '#1677ff', fontSize: 12, marginTop: 4 }}>{t('switch.current')}</div>}
    </button>
  );
}

/**
 * 选择企业 (SPEC §2.3): carousel of 3 per view; choosing asks, takes a new token and reloads. Invitations to the
 * caller's phone are answered above it.
 */
export function SwitchCompanyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['companies', 'mine'],
    queryFn: listCompanies,
    enabled: open,
  });
  const [page, setPage] = useState(0);
  const [form, setForm] = useState<CompanyFormMode | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null); // why the last company picked was not entered
  const phone = Grid.useBreakpoint().sm === false;
  const companies = data ?? [];
  const pages = Math.max(1, Math.ceil(companies.length / COMPANY_CAROUSEL_PER_VIEW));
  useEffect(() => {
    if (!open || !data) return;
    const i = data.findIndex((c) => c.current);
    setPage(i > 0 ? Math.floor(i / COMPANY_CAROUSEL_PER_VIEW) : 0);
  }, [open, data]);

  const pick = async (c: CompanyListItem) => {
    if (c.current) return;
    if (!(await confirmAction())) return;
    setRefusal(null);
    try {
      await enterCompany(c.id);
    } catch (e) {
      setRefusal(e); // shown by the request client, but for a password an administrator set: SmsLoginOffer says that one
    }
  };

  const visible = companies.slice(page * COMPANY_CAROUSEL_PER_VIEW, (page + 1) * COMPANY_CAROUSEL_PER_VIEW);
  return (
    <>
      <Modal
        open={open}
        title={t('switch.title')}
        onCancel={onClose}
        width={720}
        destroyOnHidden
        footer={[
          <Button key="join" onClick={() => setForm('join')}>
            {t('switch.join')}
          </Button>,
          <Button key="create" type="primary" onClick={() => setForm('create')}>
            {t('switch.create')}
          </Button>,
        ]}
      >
        <SmsLoginOffer error={refusal} />
        <InvitationsToMe open={open} />
        {isPending ? (
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
          </div>
        ) : companies.length === 0 ? (
          isError ? (
            <ListFailure onRetry={refetch} />
          ) : (
            <Empty description={t('switch.empty')} />
          )
        ) : (
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
              flexWrap: phone ? 'wrap' : 'nowrap',
            }}
          >
            <Button
              shape="circle"
              icon={<LeftOutlined />}
              aria-label={t('switch.prev')}
              disabled={page === 0}
              onClick={() => setPage((p) => p - 1)}
            />
            {/* Three to a row from sm up. On a phone, where three side by side were too narrow to read, one card to a
                row, the whole width, and the arrows below them. */}
            <Row
              gutter={[12, 12]}
              style={{
                flex: phone ? '1 0 100%' : 1,
                order: phone ? -1 : 0,
                minWidth: 0,
                minHeight: 200,
                // Cards of a row one height; the rows from the top, whatever the minimum height leaves below.
                alignItems: 'stretch',
                alignContent: 'flex-start',
              }}
            >
              {visible.map((c) => (
                <Col key={c.id} xs={24} sm={24 / COMPANY_CAROUSEL_PER_VIEW} style={{ display: 'flex' }}>
                  <CompanyCard c={c} onPick={() => void pick(c)} />
                </Col>
              ))}
            </Row>
            <Button
              shape="circle"
              icon={<RightOutlined />}
              aria-label={t('switch.next')}
              disabled={page >= pages - 1}
              onClick={() => setPage((p) => p + 1)}
            />
          </div>
        )}
      </Modal>
      <CompanyFormDialog
        open={form !== null}
        mode={form ?? 'create'}
        onClose={() => setForm(null)}
        onDone={() => {
          setForm(null);
          void queryClient.invalidateQueries({ queryKey: ['companies'] });
        }}
      />
    </>
  );
}
