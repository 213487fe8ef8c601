import { Modal } from 'antd';
import i18n from './i18n';

/**
 * The 是否执行此操作? / 提示 confirmation (company switch, group deletion), or with its own words (`buttons.ok`, a
 * danger OK for what cannot be taken back, and then the dialog opens on 取消: two Enters did not delete; 取消 unless
 * told). Resolves true on OK.
 */
export function confirmAction(
  content?: string,
  title?: string,
  buttons?: { ok: string; cancel?: string; danger?: boolean },
): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: title ?? i18n.t('common:confirm.title'),
      content: content ?? i18n.t('common:confirm.content'),
      okText: buttons?.ok ?? i18n.t('common:ok'),
      cancelText: buttons?.cancel ?? i18n.t('common:cancel'),
      ...(buttons?.danger
        ? { okButtonProps: { danger: true }, focusable: { autoFocusButton: 'cancel' as const } }
        : {}),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * 放弃未保存的修改？ with `text` naming what would be lost, 放弃修改 (red) and 继续编辑, opening on 继续编辑 (a form
 * dialog's Esc, a page left with work not saved). Resolves true to discard.
 */
export const confirmDiscard = (text: string) =>
  confirmAction(text, i18n.t('common:discard.title'), {
    ok: i18n.t('common:discard.ok'),
    cancel: i18n.t('common:discard.keep'),
    danger: true,
  });
