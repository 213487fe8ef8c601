import { JOIN_REASON_MAX } from '@huoke/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnterSubmits } from '../../../shared/FormDialog';
import { refusalGoesOnChange } from '../../../shared/form';
import { fetchRegions } from '../api';

export interface CreateForm {
  icCompanyName: string;
  region: number[];
  icLinkMan: string;
}
export interface JoinForm {
  randomCode: string;
  name: string;
  description?: string;
}

/** 创建企业: the company's name, region and contact person. */
export function CreateCompanyForm({
  form,
  active,
  onFinish,
}: {
  form: FormInstance<CreateForm>;
  active: boolean;
  onFinish: (v: CreateForm) => void;
}) {
  const { t } = useTranslation('account');
  const regions = useQuery({
    queryKey: ['regions'],
    queryFn: () => fetchRegions(),
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} onValuesChange={refusalGoesOnChange(form)}>
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
      <EnterSubmits />
    </Form>
  );
}

/** 加入企业: the company's invitation code, the applicant's name and a reason. */
export function JoinCompanyForm({ form, onFinish }: { form: FormInstance<JoinForm>; onFinish: (v: JoinForm) => void }) {
  const { t } = useTranslation('account');
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} onValuesChange={refusalGoesOnChange(form)}>
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
      <EnterSubmits />
    </Form>
  );
}
