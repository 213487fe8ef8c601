/** The audit log's actions and their Chinese names: plain data (no zod), which the console's start-up catalogs take. */

/**
 * Every administrator and operator action the audit log records (DESIGN §8). Rows are only ever appended:
 * there is no call to change or delete one.
 */
export const AUDIT_ACTIONS = [
  'password.reset',
  'phone.change',
  'member.add',
  'member.invite',
  'member.remove',
  'member.role',
  'invitation.cancel',
  'invitation.accept',
  'invitation.decline',
  'application.approve',
  'application.refuse',
  'certification.submit',
  'certification.approve',
  'certification.reject',
  'order.create',
  'order.pay',
  'order.cancel',
  'order.refund',
  'binding.save',
  'dataview.create',
  'dataview.revoke',
  'aikey.reset',
  'leadSettings.save',
  'leadSettings.reset',
  'editorSettings.save',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Chinese names of the actions (the console translates them; these are the fallback). */
export const AUDIT_ACTION_NAME: Record<AuditAction, string> = {
  'password.reset': '重置成员密码',
  'phone.change': '修改手机号',
  'member.add': '添加成员',
  'member.invite': '邀请成员',
  'member.remove': '移除成员',
  'member.role': '修改成员角色',
  'invitation.cancel': '撤销邀请',
  'invitation.accept': '接受邀请加入',
  'invitation.decline': '拒绝邀请',
  'application.approve': '通过加入申请',
  'application.refuse': '拒绝加入申请',
  'certification.submit': '提交实名认证',
  'certification.approve': '通过实名认证',
  'certification.reject': '驳回实名认证',
  'order.create': '创建订单',
  'order.pay': '确认订单支付',
  'order.cancel': '取消订单',
  'order.refund': '订单退款',
  'binding.save': '保存第三方绑定',
  'dataview.create': '创建数据视图公开链接',
  'dataview.revoke': '撤销数据视图公开链接',
  'aikey.reset': '重置AI检测密钥',
  'leadSettings.save': '保存线索分设置',
  'leadSettings.reset': '线索分设置恢复默认',
  'editorSettings.save': '保存编辑器配置',
};
