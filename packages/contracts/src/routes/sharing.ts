/** The calls of the sharing area: share links, pushes to the app, posters, the e-card and mini-websites. */
import { idParam, okResult } from '../common.js';
import { GET, POST, PUT } from '../route.js';
import * as sh from '../sharing.js';

const S = '/caspush/SstArticleShare';
const E = '/visitingcard/empcard';
const W = '/visitingcard/miniWebsite';

export const shareRoutes = {
  /** An article's share link (the same settings reuse the link). */
  templateShare: POST(`${S}/TemplateShareAsync`, { body: sh.shareSettings, answer: sh.shareAnswer }),
  /** An article's share link, always a new one. */
  share: POST(`${S}/ShareAsync`, { body: sh.shareSettings, answer: sh.shareAnswer }),
  /** The share link of a video, document, card or mini-website. */
  shareContent: POST(`${S}/ShareContent`, { body: sh.shareContentBody, answer: sh.shareAnswer }),
  /** The caller's card as the share panel shows it. */
  card: GET(`${S}/GetArticleCardAsync`, { answer: sh.cardInfo }),
  pushToApp: POST(`${S}/PushToApp`, { body: sh.pushToAppBody, answer: sh.pushAnswer }),
  /** The article being written as its share page shows it (nothing saved, no share made). */
  articlePreview: POST(`${S}/GetArticlePreview`, { body: sh.articlePreviewBody, answer: sh.articlePreviewAnswer }),
};

export const postersRoutes = {
  list: GET('/caspush/poster/list', { query: sh.posterListQuery, answer: sh.posterPage }),
  /** Poster + name + company + QR code → a JPEG. */
  compose: POST('/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync', {
    body: sh.posterCompositeBody,
    answer: sh.posterCompositeAnswer,
  }),
};

export const cardRoutes = {
  myDetails: GET(`${E}/GetAppMyDetails`, { answer: sh.cardInfo }),
  updateWeChat: PUT(`${E}/UpdateUserWechat`, { body: sh.weChatSettings, answer: okResult }),
  saveSettings: PUT(`${E}/Settings`, { body: sh.cardSettings, answer: sh.cardInfo }),
  /** The card's link and QR code (`isBase64: 'true'` answers a data URL). */
  qr: POST(`${E}/GetCardQR/:id`, {
    params: idParam,
    query: sh.cardQrQuery,
    body: sh.cardQrBody,
    answer: sh.cardQrAnswer,
  }),
};

export const websitesRoutes = {
  /** flag 'true' lists the caller's own, 'false' the company's. */
  list: GET(`${W}/GetMiniWebsiteList/:flag`, { params: sh.websiteListParams, answer: sh.websitePage }),
  create: POST(`${W}/CreateMiniWebsite`, { body: sh.websiteBody, answer: sh.website }),
  modify: PUT(`${W}/ModifyMiniWebsite/:id`, { params: idParam, body: sh.websiteBody, answer: okResult }),
  remove: PUT(`${W}/DelMiniWebsite/:id`, { params: idParam, answer: okResult }),
  sort: PUT(`${W}/ListSortSubmit`, { body: sh.websiteSortBody, answer: okResult }),
};
