import type { CardInfo, CardSettings, WeChatSettings } from '@huoke/contracts';
import { request } from '../../shared/request';

const E = '/visitingcard/empcard';

export const cardApi = {
  myDetails: () => request<CardInfo>('GET', `${E}/GetAppMyDetails`),
  updateWeChat: (body: WeChatSettings) => request<{ ok: true }>('PUT', `${E}/UpdateUserWechat`, body),
  saveSettings: (body: CardSettings) => request<CardInfo>('PUT', `${E}/Settings`, body),
  cardQr: (empId: number) => request<{ link: string; qrCode: string }>('POST', `${E}/GetCardQR/${empId}?isBase64=true`),
};
