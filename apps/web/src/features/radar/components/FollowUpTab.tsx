import { LEAD_STAGES, type LeadStage } from '@huoke/contracts';
import { Alert, Button, Empty, Form, Input, message, Select, Spin, Tag, Timeline } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChinaDatePicker } from '../../../shared/ChinaDatePicker';
import { confirmDiscard } from '../../../shared/confirm';
import { beforeChinaToday, formatDateTime } from '../../../shared/format';
import { kindTag } from '../../../shared/kindName';
import { useLeaveGuard } from '../../../shared/useLeaveGuard';
import { useAddFollowUp, useDynamics, useFollowUps } from '../queries';
import { mergeTimeline } from '../timeline';

type Note = { text: string; stage: LeadStage; next: Dayjs | null };

/** 跟进记录: a note with stage and next contact day, and the notes beside the visitor's latest events. */
export function FollowUpTab({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const log = useFollowUps(id);
  const events = useDynamics(id, 0);
  const entries = mergeTimeline(log.data?.data ?? [], events.data?.pages[0]?.data ?? []);
  return (
    <div data-testid="follow-up-tab">
      {/* Only once the lead's stage is known: a form shown before would hold 新线索 for any lead. */}
      {log.data && <FollowUpForm id={id} stage={log.data.stage ?? 'new'} />}
      <h4 style={{ marginTop: 16 }}>{t('followUp.timeline')}</h4>
      {log.isError ? (
        <Alert type="error" showIcon title={t('followUp.error')} />
      ) : log.isPending ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty description={t('followUp.empty')} />
      ) : (
        <FollowUpTimeline entries={entries} />
      )}
    </div>
  );
}

/**
 * The note form: text, stage (the lead's current one first) and next contact day; one of them must change. A note
 * not saved is asked about before it is lost: the drawer closes by leaving its address (×, Esc, the browser's back, a
 * link elsewhere, another lead's 立即查看), which asks 放弃未保存的修改？ first, as the article editor does.
 */
function FollowUpForm({ id, stage }: { id: number; stage: LeadStage }) {
  const { t } = useTranslation('radar');
  const add = useAddFollowUp();
  const [form] = Form.useForm<Note>();
  // The stage the form started from: the lead's, or the one just saved (until the lead's answer comes back with it).
  const base = useRef(stage);
  // The stage shown follows the lead's (another tab or a colleague may change it; the form instance keeps values).
  useEffect(() => {
    base.current = stage;
    form.setFieldsValue({ stage });
  }, [form, stage]);
  const unsaved = () => {
    const v = form.getFieldsValue();
    return !!v.text?.trim() || !!v.next || (!!v.stage && v.stage !== base.current);
  };
  useLeaveGuard(unsaved, () => confirmDiscard(t('followUp.discardText')));
  const submit = async (v: Note) => {
    if (add.isPending) return;
    try {
      await add.mutateAsync({
        visitorId: id,
        text: v.text ?? '',
        stage: v.stage,
        nextContactOn: v.next ? v.next.format('YYYY-MM-DD') : null,
      });
    } catch {
      return; // the request client has said why; what was typed stays
    }
    // The note and its day are saved (the timeline shows them): the form is ready for the next one. A day left in
    // the field made the next 保存跟进 a refused repeat.
    base.current = v.stage;
    form.resetFields(['text', 'next']);
    message.success(t('followUp.saved'));
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ stage, next: null }}
      data-testid="follow-up-form"
    >
      <Form.Item
        name="text"
        label={t('followUp.text')}
        dependencies={['stage', 'next']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, text?: string) =>
              text?.trim() || getFieldValue('stage') !== stage || getFieldValue('next')
                ? Promise.resolve()
                : Promise.reject(new Error(t('followUp.nothing'))),
          }),
        ]}
      >
        <Input.TextArea rows={3} maxLength={1000} placeholder={t('followUp.textPlaceholder')} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="stage" label={t('followUp.stage')} rules={[{ required: true }]}>
          <Select
            style={{ width: 140 }}
            options={LEAD_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) }))}
            data-testid="follow-up-stage"
          />
        </Form.Item>
        {/*
          Enter in the date field picks the day; it must not also save the note (the form's implicit submit). China's
          today, the first day allowed, is the picker's today in any zone.
        */}
        <Form.Item name="next" label={t('followUp.next')}>
          <ChinaDatePicker
            disabledDate={(d) => beforeChinaToday(d)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="follow-up-save">
        {t('followUp.save')}
      </Button>
    </Form>
  );
}

/** Notes (green, with who changed the stage) and the visitor's events (grey), newest first. */
function FollowUpTimeline({ entries }: { entries: ReturnType<typeof mergeTimeline> }) {
  const { t } = useTranslation('radar');
  return (
    <Timeline
      items={entries.map((e) =>
        'followUp' in e
          ? {
              key: `f${e.followUp.id}`,
              color: 'green',
              content: (
                <div data-testid="follow-up-item">
                  <div style={{ color: 'rgba(0,0,0,.45)' }}>
                    {formatDateTime(e.at)}{' '}
                    {e.followUp.fromStage
                      ? t('followUp.stageChange', {
                          who: e.followUp.userName,
                          from: t(`stage.${e.followUp.fromStage}`),
                          to: t(`stage.${e.followUp.stage}`),
                        })
                      : t('followUp.by', { who: e.followUp.userName })}
                  </div>
                  {e.followUp.text && <div>{e.followUp.text}</div>}
                  {e.followUp.nextContactOn && (
                    <Tag color="orange">{t('followUp.nextOn', { day: e.followUp.nextContactOn })}</Tag>
                  )}
                </div>
              ),
            }
          : {
              key: `e${e.event.id}`,
              color: 'gray',
              content: (
                <div data-testid="timeline-event">
                  <span style={{ color: 'rgba(0,0,0,.45)', marginRight: 8 }}>
                    {e.event.day} {e.event.time}
                  </span>
                  <Tag>{kindTag(t, e.event.kind, e.event.customerClueSourceString)}</Tag>
                  {e.event.message}
                </div>
              ),
            },
      )}
    />
  );
}
