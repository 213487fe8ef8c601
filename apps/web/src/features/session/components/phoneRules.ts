import { MOBILE_RE } from '@huoke/contracts/constants';
import type { Rule } from 'antd/es/form';
import i18n from '../../../shared/i18n';

/** Mobile of SPEC §5: required (请输入手机号), 11 digits starting with 1 (请输入正确的手机号). */
export const mobileRules = (): Rule[] => [
  { required: true, message: i18n.t('common:validate.mobileRequired') },
  { pattern: MOBILE_RE, message: i18n.t('common:validate.mobileInvalid') },
];
export const codeRules = (): Rule[] => [{ required: true, message: i18n.t('common:validate.codeRequired') }];
