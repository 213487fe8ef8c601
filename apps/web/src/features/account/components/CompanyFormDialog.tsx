import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal, message, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MY_APPLICATIONS_KEY } from '../../../shared/companyChoice';
import { FIRST_FIELD, useSingleSubmit } from '../../../shared/FormDialog';
import { sendChecked } from '../../../shared/form';
import { isAdminPasswordRefusal } from '../../../shared/request';
import { SmsLoginOffer } from '../../../shared/SmsLoginOffer';
import { createCompany, joinCompany } from '../api';
import { enterCompany } from '../enterCompany';
import { CreateCompanyForm, type CreateForm, JoinCompanyForm, type JoinForm } from './CompanyForms';

export type CompanyFormMode = 'create' | 'join';

/** The second dialog of 选择企业: create a company or ask to join one (switchable). */
export function CompanyFormDialog(props: {
  open: boolean;
  mode: CompanyFormMode;
  onClose: () => void;
  /** After a successful join request, or a created company (which is then entered). */
  onDone: (mode: CompanyFormMode) => void;
}) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<CompanyFormMode>(props.mode);
  const { running, run } = useSingleSubmit();
  const [createForm] = Form.useForm<CreateForm>();
  const [joinForm] = Form.useForm<JoinForm>();
  const box = useRef<HTMLDivElement>(null);
  // Why the last application was not sent, or the company not created or not entered.
  const [refusal, setRefusal] = useState<unknown>(null);
  useEffect(() => {
    if (props.open) setMode(props.mode);
  }, [props.open, props.mode]);

  const create = (v: CreateForm) =>
    run(() =>
      sendChecked(createForm, async () => {
        setRefusal(null);
        const { id } = await createCompany({
          icCompanyName: v.icCompanyName.trim(),
          regionId: v.region.at(-1)!,
          icLinkMan: v.icLinkMan.trim(),
        });
        // The creator is the new company's administrator: in it at once, as its card would take them.
        try {
          await enterCompany(id);
        } catch (e) {
          // Created, not entered: say only that (it said 已进入该企业 before the switch was answered).
          message.success(t('form.createdOnly'));
          void queryClient.invalidateQueries({ queryKey: ['companies'] });
          if (!isAdminPasswordRefusal(e)) return props.onDone('create'); // the request client said why
          // A password an administrator set does not open it: the words stay here with 使用验证码登录 (SmsLoginOffer).
          createForm.resetFields();
          setRefusal(e);
          return;
        }
        message.success(t('form.created'));
        props.onDone('create');
      }).catch((e: unknown) => {
        // Not created. Said by the request client, but for a password an administrator set (the server refuses the
        // creation itself: that login could not enter the company): SmsLoginOffer says that one.
        setRefusal(e);
        throw e;
      }),
    );
  const join = (v: JoinForm) =>
    run(() =>
      sendChecked(joinForm, async () => {
        setRefusal(null);
        await joinCompany({
          randomCode: v.randomCode.trim(),
          name: v.name.trim(),
          description: v.description?.trim() ?? '',
        });
        await queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_KEY });
        message.success(t('form.joined'));
        props.onDone('join');
      }).catch((e: unknown) => {
        // Said by the request client, but for a password an administrator set: SmsLoginOffer says that one.
        setRefusal(e);
        throw e;
      }),
    );

  return (
    <Modal
      open={props.open}
      title={mode === 'create' ? t('form.createTitle') : t('form.joinTitle')}
      onCancel={props.onClose}
      onOk={() => (mode === 'create' ? createForm : joinForm).submit()}
      okText={t('form.submit')}
      confirmLoading={running}
      destroyOnHidden
      width={480}
      // It opens with the cursor in the shown form's first field, as every form dialog does (it opened on ×, and
      // Enter closed it).
      afterOpenChange={(shown) => {
        if (!shown) return;
        const fields = box.current?.querySelectorAll<HTMLElement>(FIRST_FIELD) ?? [];
        [...fields].find((f) => !f.closest('[hidden]'))?.focus();
      }}
    >
      <div ref={box}>
        <SmsLoginOffer error={refusal} />
        <Segmented<CompanyFormMode>
          aria-label={t('form.mode')}
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
          <CreateCompanyForm form={createForm} active={props.open && mode === 'create'} onFinish={create} />
        </div>
        <div hidden={mode !== 'join'}>
          <JoinCompanyForm form={joinForm} onFinish={join} />
        </div>
      </div>
    </Modal>
  );
}
