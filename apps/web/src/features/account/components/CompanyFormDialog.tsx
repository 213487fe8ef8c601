import { JOIN_REASON_MAX } from '@huoke/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Form, type FormInstance, Input, Modal, message, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCompany, fetchRegions, joinCompany } from '../api';

export type CompanyFormMode = 'create' | 'join';

interface CreateForm {
  icCompanyName: string;
  region: number[];
  icLinkMan: string;
}
interface JoinForm {
  randomCode: string;
  name: string;
  description?: string;
}

/** The second dialog of 选择企业: create a company or ask to join one (switchable). */
export function CompanyFormDialog(props: {
  open: boolean;
  mode: CompanyFormMode;
  onClose: () => void;
  /** After a successful create or join request. */
  onDone: (mode: CompanyFormMode) => void;
}) {
  const { t } = useTranslation('account');
  const [mode, setMode] = useState<CompanyFormMode>(props.mode);
  const [busy, setBusy] = useState(false);
  const [createForm] = Form.useForm<CreateForm>();
  const [joinForm] = Form.useForm<JoinForm>();
  useEffect(() => {
    if (props.open) setMode(props.mode);
  }, [props.open, props.mode]);

  const submit = async () => {
    setBusy(true);
    try {
      if (mode === 'create') {
        const v = await createForm.validateFields();
        await createCompany({
          icCompanyName: v.icCompanyName.trim(),
          regionId: v.region.at(-1)!,
          icLinkMan: v.icLinkMan.trim(),
        });
        message.success(t('common:submitted'));
      } else {
        const v = await joinForm.validateFields();
        await joinCompany({
          randomCode: v.randomCode.trim(),
          name: v.name.trim(),
          description: v.description?.trim() ?? '',
        });
        message.success(t('form.joined'));
      }
      props.onDone(mode);
    } catch {
      // validation errors stay on the form; call errors were shown by the request client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={mode === 'create' ? t('form.createTitle') : t('form.joinTitle')}
      onCancel={props.onClose}
      onOk={() => void submit()}
      okText={t('form.submit')}
      confirmLoading={busy}
      destroyOnHidden
      width={480}
    >
      <Segmented<CompanyFormMode>
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'create', label: t('switch.create') },
          { value: 'join', label: t('switch.join') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {/* Both forms stay mounted (each keeps its instance connected); the other one is hidden. */}
      <div hidden={mode !== 'create'}>
        <CreateCompanyForm form={createForm} active={props.open && mode === 'create'} />
      </div>
      <div hidden={mode !== 'join'}>
        <JoinCompanyForm form={joinForm} />
      </div>
    </Modal>
  );
}

/** 创建企业: the company's name, region and contact person. */
function CreateCompanyForm({ form, active }: { form: FormInstance<CreateForm>; active: boolean }) {
  const { t } = useTranslation('account');
  const regions = useQuery({
    queryKey: ['regions'],
    queryFn: () => fetchRegions(),
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Form form={form} layout="vertical">
      <Form.Item
        name="icCompanyName"
        label={t('form.companyName')}
        rules={[{ required: true, whitespace: true, message: t('form.companyNameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="region" label={t('form.region')} rules={[{ required: true, message: t('form.regionRequired') }]}>
        <Cascader options={regions.data ?? []} changeOnSelect loading={regions.isFetching} placeholder="" />
      </Form.Item>
      <Form.Item
        name="icLinkMan"
        label={t('form.linkMan')}
        rules={[{ required: true, whitespace: true, message: t('form.linkManRequired') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
    </Form>
  );
}

/** 加入企业: the company's invitation code, the applicant's name and a reason. */
function JoinCompanyForm({ form }: { form: FormInstance<JoinForm> }) {
  const { t } = useTranslation('account');
  return (
    <Form form={form} layout="vertical">
      <Form.Item
        name="randomCode"
        label={t('form.randomCode')}
        rules={[{ required: true, whitespace: true, message: t('form.randomCodeRequired') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('form.applicant')}
        rules={[{ required: true, whitespace: true, message: t('form.applicantRequired') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('form.reason')}
        rules={[{ max: JOIN_REASON_MAX, message: t('form.reasonMax') }]}
      >
        <Input.TextArea rows={3} showCount maxLength={JOIN_REASON_MAX} />
      </Form.Item>
    </Form>
  );
}
