import { notConfigured } from '../lib/errors.js';

/** WeChat OAuth is the edge of the world: one adapter, off unless WECHAT_APP_ID/SECRET are set. */
export interface WechatProvider {
  readonly configured: boolean;
  /** Exchanges the OAuth code WeChat hands back for the user's openid. */
  openIdFromCode(code: string): Promise<string>;
  /** The same exchange, with the unionid WeChat adds when the account is bound to an Open Platform account. */
  identityFromCode?(code: string): Promise<WechatIdentity>;
}

interface WechatIdentity {
  openId: string;
  unionId?: string;
}

export const WECHAT_NOT_CONFIGURED = '微信';

/** Answers 501 "微信未配置" to every call. */
class DisabledWechat implements WechatProvider {
  readonly configured = false;
  async openIdFromCode(): Promise<string> {
    throw notConfigured(WECHAT_NOT_CONFIGURED);
  }
}

/** The real adapter: sns/oauth2/access_token of the WeChat Open Platform. */
class WechatOAuth implements WechatProvider {
  readonly configured = true;
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly base = 'https://api.weixin.qq.com',
  ) {}

  async openIdFromCode(code: string): Promise<string> {
    return (await this.identityFromCode(code)).openId;
  }

  async identityFromCode(code: string): Promise<WechatIdentity> {
    const u = new URL('/sns/oauth2/access_token', this.base);
    u.searchParams.set('appid', this.appId);
    u.searchParams.set('secret', this.secret);
    u.searchParams.set('code', code);
    u.searchParams.set('grant_type', 'authorization_code');
    const res = await fetch(u, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { openid?: string; unionid?: string; errcode?: number; errmsg?: string };
    if (!body.openid) throw new WechatCodeError(body.errmsg ?? `errcode ${body.errcode ?? res.status}`);
    return { openId: body.openid, ...(body.unionid ? { unionId: body.unionid } : {}) };
  }
}

export class WechatCodeError extends Error {}

export function wechatProvider(appId?: string, secret?: string): WechatProvider {
  return appId && secret ? new WechatOAuth(appId, secret) : new DisabledWechat();
}
