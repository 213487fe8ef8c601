import { describe, expect, it } from 'vitest';
import { writes } from './auth.js';

describe('which console calls change data (cache invalidation)', () => {
  it('knows the SPEC reads that use POST and the writes that use GET', () => {
    for (const [method, route, expected] of [
      ['POST', '/api/cus/UserBehavior/GetVisitorPageData', false],
      ['POST', '/api/Files/FileManager', false],
      ['POST', '/api/maint/message/GetMessagePage', false],
      ['POST', '/api/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank', false],
      ['POST', '/api/caspush/articlemanager/AddNew', true],
      ['POST', '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo', true],
      ['PUT', '/api/visitingcard/miniWebsite/DelMiniWebsite/:id', true],
      ['DELETE', '/api/caspush/articlemanager/:id', true],
      ['GET', '/api/caspush/articlemanager/SetArticleShare', true],
      ['GET', '/api/caspush/v2/WjtVideo/CancelEnterpriseAsync', true],
      ['GET', '/api/crm/controlpanal/GetSalesBriefing', false],
      ['GET', '/api/usr/session', false],
      // Named as reads, they make a share link, a public code, a key the first time.
      ['POST', '/api/visitingcard/empcard/GetCardQR/:id', true],
      ['GET', '/api/crm/controlpanal/GetPublicCode', true],
      ['GET', '/api/cus/customer/GetAIKey', true],
      ['GET', '/api/caspush/poster/detail', true],
    ] as const)
      expect(writes(method, route), `${method} ${route}`).toBe(expected);
  });
});
