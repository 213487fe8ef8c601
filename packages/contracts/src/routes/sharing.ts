/** The calls of the sharing area: share links, pushes to the app, posters, the e-card and mini-websites. */
import { idParam, okResult } from '../common.js';
import { apiRoute } from '../route.js';
import {
  cardInfo,
  cardQrAnswer,
  cardQrBody,
  cardQrQuery,
  cardSettings,
  posterCompositeAnswer,
  posterCompositeBody,
  posterListQuery,
  posterPage,
  pushAnswer,
  pushToAppBody,
  shareAnswer,
  shareContentBody,
  shareSettings,
  website,
  websiteBody,
  websiteListParams,
  websitePage,
  websiteSortBody,
  weChatSettings,
} from '../sharing.js';

const S = '/caspush/SstArticleShare';
const E = '/visitingcard/empcard';
const W = '/visitingcard/miniWebsite';

export const shareRoutes = {
  /** An article's share link (the same settings reuse the link). */
  templateShare: apiRoute({
    method: 'POST',
    path: `${S}/TemplateShareAsync`,
    body: shareSettings,
    answer: shareAnswer,
  }),
  /** An article's share link, always a new one. */
  share: apiRoute({ method: 'POST', path: `${S}/ShareAsync`, body: shareSettings, answer: shareAnswer }),
  /** The share link of a video, document, card or mini-website. */
  shareContent: apiRoute({ method: 'POST', path: `${S}/ShareContent`, body: shareContentBody, answer: shareAnswer }),
  /** The caller's card as the share panel shows it. */
  card: apiRoute({ method: 'GET', path: `${S}/GetArticleCardAsync`, answer: cardInfo }),
  pushToApp: apiRoute({ method: 'POST', path: `${S}/PushToApp`, body: pushToAppBody, answer: pushAnswer }),
};

export const postersRoutes = {
  list: apiRoute({ method: 'GET', path: '/caspush/poster/list', query: posterListQuery, answer: posterPage }),
  /** Poster + name + company + QR code → a JPEG. */
  compose: apiRoute({
    method: 'POST',
    path: '/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync',
    body: posterCompositeBody,
    answer: posterCompositeAnswer,
  }),
};

export const cardRoutes = {
  myDetails: apiRoute({ method: 'GET', path: `${E}/GetAppMyDetails`, answer: cardInfo }),
  updateWeChat: apiRoute({ method: 'PUT', path: `${E}/UpdateUserWechat`, body: weChatSettings, answer: okResult }),
  saveSettings: apiRoute({ method: 'PUT', path: `${E}/Settings`, body: cardSettings, answer: cardInfo }),
  /** The card's link and QR code (`isBase64: 'true'` answers a data URL). */
  qr: apiRoute({
    method: 'POST',
    path: `${E}/GetCardQR/:id`,
    params: idParam,
    query: cardQrQuery,
    body: cardQrBody,
    answer: cardQrAnswer,
  }),
};

export const websitesRoutes = {
  /** flag 'true' lists the caller's own, 'false' the company's. */
  list: apiRoute({
    method: 'GET',
    path: `${W}/GetMiniWebsiteList/:flag`,
    params: websiteListParams,
    answer: websitePage,
  }),
  create: apiRoute({ method: 'POST', path: `${W}/CreateMiniWebsite`, body: websiteBody, answer: website }),
  modify: apiRoute({
    method: 'PUT',
    path: `${W}/ModifyMiniWebsite/:id`,
    params: idParam,
    body: websiteBody,
    answer: okResult,
  }),
  remove: apiRoute({ method: 'PUT', path: `${W}/DelMiniWebsite/:id`, params: idParam, answer: okResult }),
  sort: apiRoute({ method: 'PUT', path: `${W}/ListSortSubmit`, body: websiteSortBody, answer: okResult }),
};
