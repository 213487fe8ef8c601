import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import type { DocumentItem } from '@huoke/contracts';
import { EVENT_KIND, PAGE_SIZE, PICKER_VALUE } from '@huoke/contracts';
import {
  Button,
  Card,
  Drawer,
  Form,
  Input,
  List,
  Modal,
  message,
  Popconfirm,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentStatsDrawer } from '../../../shared/content-stats/components/ContentStatsDrawer';
import { PeriodPicker, statColumns, useContentStats } from '../../../shared/content-stats/components/statColumns';
import { submitHandler } from '../../../shared/form';
import { formatDateTime } from '../../../shared/format';
import { ListTable } from '../../../shared/ListTable';
import { pagination } from '../../../shared/pagination';
import { ContentSpreadButton } from '../../../shared/share/ContentSpreadButton';
import { SharePanel } from '../../../shared/share/SharePanel';
import { formatSize } from '../../../shared/upload/rules';
import { PreviewModal } from '../components/PreviewModal';
import { UploadButton } from '../components/UploadButton';
import { useDeleteSoft, useDocuments, useEnterprise, useRenameDocument } from '../queries';

const FORMATS: { key: string; types: string[]; icon: ReactNode }[] = [
  { key: 'pdf', types: ['pdf'], icon: <FilePdfOutlined style={{ color: '#e54d42' }} /> },
  { key: 'word', types: ['doc', 'docx'], icon: <FileWordOutlined style={{ color: '#2b579a' }} /> },
  { key: 'excel', types: ['xls', 'xlsx'], icon: <FileExcelOutlined style={{ color: '#217346' }} /> },
  { key: 'ppt', types: ['ppt', 'pptx'], icon: <FilePptOutlined style={{ color: '#d24726' }} /> },
  { key: 'txt', types: ['txt'], icon: <FileTextOutlined /> },
  { key: 'image', types: ['jpg', 'jpeg', 'png'], icon: <FileImageOutlined style={{ color: '#1677ff' }} /> },
];
const iconOf = (type: string) => FORMATS.find((f) => f.types.includes(type.toLowerCase()))?.icon ?? <FileOutlined />;

type Tab = typeof PICKER_VALUE.enterprise | typeof PICKER_VALUE.mine;

/** 文件管理: enterprise / my documents, upload, preview, enterprise toggle, soft delete with undo, share. */
export default function FilesPage() {
  const { t } = useTranslation('documents');
  const [tab, setTab] = useState<Tab>(PICKER_VALUE.enterprise);
  const [pageIndex, setPageIndex] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [format, setFormat] = useState<string | undefined>();
  const [preview, setPreview] = useState<DocumentItem | null>(null);
  const [sharing, setSharing] = useState<DocumentItem | null>(null);
  const [renaming, setRenaming] = useState<DocumentItem | null>(null);
  const [recycleOpen, setRecycleOpen] = useState(false);
  const [deleted, setDeleted] = useState<DocumentItem[]>([]);
  const body = { pageIndex, pageSize: PAGE_SIZE.videoAndFile, typeValue: tab, keyword: keyword || undefined };
  const { data, isFetching } = useDocuments(body);
  const [days, setDays] = useState(30);
  const [statsItem, setStatsItem] = useState<{ id: number; title: string } | null>(null);
  const stats = useContentStats(
    'document',
    (data?.data ?? []).map((d) => d.id),
    days,
  );
  const del = useDeleteSoft();
  const enterprise = useEnterprise();
  const rename = useRenameDocument();
  const [renameForm] = Form.useForm<{ title: string }>();

  // The list call has no format parameter: the type filter narrows the page shown.
  const formatTypes = FORMATS.find((f) => f.key === format)?.types;
  const rows = (data?.data ?? []).filter((d) => !formatTypes || formatTypes.includes(d.documentType.toLowerCase()));

  const restore = async (d: DocumentItem) => {
    try {
      await del.mutateAsync({ id: d.id, isTrueFalse: false });
      setDeleted((xs) => xs.filter((x) => x.id !== d.id));
      message.success(t('restored'));
    } catch {
      // the request client has shown the error
    }
  };
  const remove = async (d: DocumentItem) => {
    try {
      await del.mutateAsync({ id: d.id, isTrueFalse: true });
      setDeleted((xs) => [d, ...xs.filter((x) => x.id !== d.id)]);
      const key = `deleted-${d.id}`;
      message.success({
        key,
        duration: 8,
        content: (
          <span>
            {t('deleted')}{' '}
            <Button
              size="small"
              type="link"
              onClick={() => {
                message.destroy(key);
                void restore(d);
              }}
            >
              {t('undo')}
            </Button>
          </span>
        ),
      });
    } catch {
      // the request client has shown the error
    }
  };
  const toggleEnterprise = (d: DocumentItem) =>
    enterprise.mutate({ id: d.id, on: !d.isEnterprise }, { onSuccess: () => message.success(t('success')) });

  const columns: ColumnsType<DocumentItem> = [
    {
      title: t('col.title'),
      dataIndex: 'title',
      render: (title: string, d) => (
        <Space>
          {iconOf(d.documentType)}
          <Typography.Link onClick={() => setPreview(d)}>{title}</Typography.Link>
          {d.isEnterprise && tab === PICKER_VALUE.mine && <Tag color="blue">{t('shared')}</Tag>}
        </Space>
      ),
    },
    { title: t('col.type'), dataIndex: 'documentType', width: 80, render: (v: string) => v.toUpperCase() },
    { title: t('col.size'), dataIndex: 'size', width: 100, render: (v: number) => formatSize(v) },
    { title: t('col.author'), dataIndex: 'createBy', width: 100 },
    {
      title: t('col.createTime'),
      dataIndex: 'createTime',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    ...statColumns<DocumentItem>(t, stats),
    {
      title: t('col.actions'),
      key: 'actions',
      width: 370,
      render: (_, d) => (
        <Space size={0} wrap>
          <Button size="small" type="link" onClick={() => setPreview(d)}>
            {t('preview')}
          </Button>
          <Button size="small" type="link" onClick={() => setStatsItem({ id: d.id, title: d.title })}>
            {t('content-stats:stats')}
          </Button>
          <Button size="small" type="link" onClick={() => setSharing(d)}>
            {t('share')}
          </Button>
          {d.canEdit && (
            <Button
              size="small"
              type="link"
              onClick={() => {
                renameForm.setFieldsValue({ title: d.title });
                setRenaming(d);
              }}
            >
              {t('rename')}
            </Button>
          )}
          {d.canEdit && !(tab === PICKER_VALUE.enterprise && !d.isEnterprise) && (
            <Button size="small" type="link" onClick={() => toggleEnterprise(d)}>
              {d.isEnterprise ? t('cancelEnterprise') : t('setEnterprise')}
            </Button>
          )}
          {d.canEdit && (
            <Popconfirm title={t('confirmTitle')} description={t('confirmContent')} onConfirm={() => remove(d)}>
              <Button size="small" type="link" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={String(tab)}
        onChange={(k) => {
          setTab(Number(k) as Tab);
          setPageIndex(1);
        }}
        items={[
          {
            key: String(PICKER_VALUE.enterprise),
            label: (
              <span>
                {t('tabs.enterprise')} <Tag color="blue">{t('shared')}</Tag>
              </span>
            ),
          },
          { key: String(PICKER_VALUE.mine), label: t('tabs.mine') },
        ]}
        tabBarExtraContent={
          <Space wrap>
            <PeriodPicker value={days} onChange={setDays} />
            <Select
              allowClear
              placeholder={t('format')}
              style={{ width: 130 }}
              value={format}
              onChange={setFormat}
              options={FORMATS.map((f) => ({ value: f.key, label: f.key.toUpperCase() }))}
            />
            <Input.Search
              allowClear
              placeholder={t('search')}
              style={{ width: 200 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPageIndex(1);
              }}
            />
            <Button onClick={() => setRecycleOpen(true)}>
              {t('recycle')}
              {deleted.length > 0 ? ` (${deleted.length})` : ''}
            </Button>
            <UploadButton isEnterprise={false} onDone={() => setPageIndex(1)} />
          </Space>
        }
      />
      <ContentStatsDrawer kind="document" item={statsItem} onClose={() => setStatsItem(null)} />
      <ListTable<DocumentItem>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: t('noData') }}
        pagination={pagination({
          current: pageIndex,
          total: data?.totalCount,
          onChange: setPageIndex,
          pageSize: PAGE_SIZE.videoAndFile,
        })}
      />
      <PreviewModal doc={preview} onClose={() => setPreview(null)} />
      <Drawer open={!!sharing} title={t('shareTitle')} size={560} onClose={() => setSharing(null)} destroyOnHidden>
        {sharing && (
          <>
            <Typography.Title level={5}>{sharing.title}</Typography.Title>
            <SharePanel kind="document" id={sharing.id} />
            <ContentSpreadButton kind={EVENT_KIND.brochure} contentId={sharing.id} title={sharing.title} />
          </>
        )}
      </Drawer>
      <Drawer open={recycleOpen} title={t('recycle')} size={420} onClose={() => setRecycleOpen(false)}>
        <List
          dataSource={deleted}
          locale={{ emptyText: t('recycleEmpty') }}
          renderItem={(d) => (
            <List.Item
              actions={[
                <Button key="restore" size="small" onClick={() => void restore(d)}>
                  {t('restore')}
                </Button>,
              ]}
            >
              <Space>
                {iconOf(d.documentType)}
                {d.title}
              </Space>
            </List.Item>
          )}
        />
      </Drawer>
      <Modal
        open={!!renaming}
        title={t('renameTitle')}
        okText={t('ok')}
        cancelText={t('cancel')}
        forceRender
        confirmLoading={rename.isPending}
        onCancel={() => setRenaming(null)}
        onOk={submitHandler(async () => {
          const { title } = await renameForm.validateFields();
          if (!renaming) return;
          try {
            await rename.mutateAsync({ id: renaming.id, title, wjtDocumentTypeId: renaming.wjtDocumentTypeId });
            message.success(t('success'));
            setRenaming(null);
          } catch {
            // the request client has shown the error
          }
        })}
      >
        <Form form={renameForm} layout="vertical">
          <Form.Item name="title" rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
