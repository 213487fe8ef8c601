import type { MemberItem, Role } from '@huoke/contracts';
import { MOBILE_RE, PAGE_SIZE, PASSWORD_RE } from '@huoke/contracts';
import { Avatar, Button, Form, Input, List, Modal, message, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';
import { formatDateTime } from '../../../shared/format';
import { PagedTable } from '../../../shared/PagedTable';
import {
  useCancelInvitation,
  useChangeRole,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useResetPassword,
} from '../queries';

export function MembersTab() {
  const { t } = useTranslation('company');
  const [pageIndex, setPageIndex] = useState(1);
  const [name, setName] = useState('');
  const [inviting, setInviting] = useState(false);
  const [resetting, setResetting] = useState<MemberItem | null>(null);
  const pageSize = PAGE_SIZE.list;
  const { data, isFetching } = useMembers({ pageIndex, pageSize, name: name || undefined });
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const invitations = useInvitations();
  const cancelInvitation = useCancelInvitation();

  const setRole = async (m: MemberItem, role: Role) => {
    await changeRole.mutateAsync({ id: m.id, role });
    message.success(t('success'));
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('members.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setName(v.trim());
            setPageIndex(1);
          }}
        />
        <Button type="primary" onClick={() => setInviting(true)}>
          {t('members.invite')}
        </Button>
      </Space>
      <PagedTable<MemberItem>
        loading={isFetching}
        page={data}
        current={pageIndex}
        onPage={setPageIndex}
        pageSize={pageSize}
        columns={[
          {
            title: t('members.avatar'),
            dataIndex: 'avatar',
            width: 72,
            render: (src: string, m) => <Avatar src={src || undefined}>{m.name.slice(0, 1)}</Avatar>,
          },
          {
            title: t('members.name'),
            dataIndex: 'name',
            render: (v: string, m) => (
              <Space>
                {v}
                {m.isMe && <Tag color="blue">{t('members.me')}</Tag>}
              </Space>
            ),
          },
          { title: t('members.phone'), dataIndex: 'phone' },
          {
            title: t('members.role'),
            dataIndex: 'role',
            render: (r: Role) => <Tag color={r === 'admin' ? 'gold' : 'default'}>{t(`roles.${r}`)}</Tag>,
          },
          { title: t('members.seat'), dataIndex: 'seat', width: 80 },
          { title: t('members.position'), dataIndex: 'position' },
          {
            title: t('members.joined'),
            dataIndex: 'createTime',
            render: (v: string) => formatDateTime(v, 'date'),
          },
          {
            title: t('members.actions'),
            key: 'actions',
            render: (_: unknown, m) =>
              m.isMe ? null : (
                <Space>
                  <Button size="small" type="link" onClick={() => setRole(m, m.role === 'admin' ? 'staff' : 'admin')}>
                    {m.role === 'admin' ? t('members.setStaff') : t('members.setAdmin')}
                  </Button>
                  {m.canManageAccount && (
                    <Button size="small" type="link" onClick={() => setResetting(m)}>
                      {t('members.resetPassword')}
                    </Button>
                  )}
                  <Popconfirm
                    title={t('confirmTitle')}
                    description={t('members.removeConfirm', { name: m.name })}
                    okText={t('ok')}
                    cancelText={t('cancel')}
                    onConfirm={async () => {
                      await remove.mutateAsync(m.id);
                      message.success(t('success'));
                    }}
                  >
                    <Button size="small" type="link" danger>
                      {t('members.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {Boolean(invitations.data?.data.length) && (
        <List
          size="small"
          header={t('invite.pending')}
          bordered
          dataSource={invitations.data?.data ?? []}
          renderItem={(inv) => (
            <List.Item
              actions={[
                <Button key="cancel" size="small" type="link" onClick={() => cancelInvitation.mutate(inv.id)}>
                  {t('invite.cancel')}
                </Button>,
              ]}
            >
              {inv.phone} · {t(`roles.${inv.role}`)} · {formatDateTime(inv.createTime)}
            </List.Item>
          )}
        />
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />
    </Space>
  );
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const [form] = Form.useForm<{ phone: string; role: Role }>();
  const invite = useInvite();
  const submit = submitHandler(async () => {
    const values = await form.validateFields();
    const res = await invite.mutateAsync(values);
    message.success(res.result === 'member' ? t('invite.added') : t('invite.invited'));
    form.resetFields();
    onClose();
  });
  return (
    <Modal
      title={t('invite.title')}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ role: 'staff' }} preserve={false}>
        <Form.Item
          name="phone"
          label={t('invite.phone')}
          rules={[
            { required: true, message: t('invite.phoneRequired') },
            { pattern: MOBILE_RE, message: t('invite.phoneInvalid') },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="role" label={t('invite.role')}>
          <Select
            options={[
              { value: 'staff', label: t('roles.staff') },
              { value: 'admin', label: t('roles.admin') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetPasswordDialog({ member, onClose }: { member: MemberItem | null; onClose: () => void }) {
  const { t } = useTranslation('company');
  const [form] = Form.useForm<{ password: string; rePassword: string }>();
  const reset = useResetPassword();
  return (
    <Modal
      title={t('reset.title', { name: member?.name ?? '' })}
      open={Boolean(member)}
      onCancel={onClose}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={reset.isPending}
      destroyOnHidden
      onOk={submitHandler(async () => {
        const { password } = await form.validateFields();
        if (!member) return;
        await reset.mutateAsync({ userId: member.userId, password });
        message.success(t('reset.done'));
        onClose();
      })}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('reset.password')}
          rules={[
            { required: true, message: t('reset.required') },
            { pattern: PASSWORD_RE, message: t('reset.rule') },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="rePassword"
          label={t('reset.rePassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('reset.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, v: string) => {
                if (v && v !== getFieldValue('password')) throw new Error(t('reset.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
