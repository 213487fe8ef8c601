import type { MediaKeyword } from '@huoke/contracts';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';
import { failureOf } from '../../../shared/ListFailure';
import { ListTable } from '../../../shared/ListTable';
import { useSession } from '../../../shared/session';
import { useAddKeyword, useDeleteKeyword, useKeywords } from '../queries';
import { DeleteLink } from './DeleteLink';
import { DemoTag, Figure } from './Figure';

/**
 * The company's product keywords: core words of the rewrite, subjects of the short-video ranking. Adding and deleting
 * them is for administrators (the server refuses anyone else): staff see the list only.
 */
export function KeywordConfig() {
  const { t } = useTranslation('newmedia');
  const isAdmin = useSession((s) => s.info?.isAdmin) === true;
  const [form] = Form.useForm<{ keyword: string; productName: string }>();
  const keywords = useKeywords();
  const add = useAddKeyword();
  const del = useDeleteKeyword();
  return (
    <Card title={t('keywordConfig')}>
      {isAdmin && (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 16 }}
          onFinish={submitHandler(async (v: { keyword: string; productName?: string }) => {
            await add.mutateAsync({ keyword: v.keyword, productName: v.productName ?? '' });
            form.resetFields();
          })}
        >
          <Form.Item name="keyword" rules={[{ required: true, whitespace: true, message: t('keywordRequired') }]}>
            <Input placeholder={t('keyword')} maxLength={30} />
          </Form.Item>
          <Form.Item name="productName">
            <Input placeholder={t('productName')} maxLength={30} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('add')}
          </Button>
        </Form>
      )}
      <ListTable
        size="small"
        rowKey="id"
        loading={keywords.isLoading}
        {...failureOf(keywords)}
        dataSource={keywords.data?.data}
        pagination={false}
        columns={[
          {
            title: t('keyword'),
            dataIndex: 'keyword',
            render: (v: string, row: MediaKeyword) => (
              <Space size={4}>
                {v}
                <DemoTag demo={row.isDemo} />
              </Space>
            ),
          },
          { title: t('productName'), dataIndex: 'productName' },
          { title: t('searchVolume'), dataIndex: 'searchVolume', render: (v: number | null) => <Figure value={v} /> },
          { title: t('videoCount'), dataIndex: 'videoCount', render: (v: number | null) => <Figure value={v} /> },
          ...(isAdmin
            ? [
                {
                  title: '',
                  key: 'actions',
                  width: 80,
                  render: (_: unknown, row: MediaKeyword) => (
                    <Space>
                      <DeleteLink
                        question={t('deleteKeyword', { keyword: row.keyword })}
                        onConfirm={() => del.mutateAsync(row.id)}
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
