/** The calls of the sharing area: share links, pushes to the app, posters, the e-card and mini-websites. */
import { idParam, okResult } from '../common.js';
import { GET, POST, PUT } from '../route.js';
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
  templateShare: POST(`${S}/TemplateShareAsync`, { body: shareSettings, answer: shareAnswer }),
  /** An article's share link, always a new one. */
  share: POST(`${S}/ShareAsync`, { body: shareSettings, answer: shareAnswer }),
  /** The share link of a video, document, card or mini-website. */
  shareContent: POST(`${S}/ShareContent`, { body: shareContentBody, answer: shareAnswer }),
  /** The caller's card as the share panel shows it. */
  card: GET(`${S}/GetArticleCardAsync`, { answer: cardInfo }),
  pushToApp: POST(`${S}/PushToApp`, { body: pushToAppBody, answer: pushAnswer }),
};

export const postersRoutes = {
  list: GET('/caspush/poster/list', { query: posterListQuery, answer: posterPage }),
  /** Poster + name + company + QR code → a JPEG. */
  compose: POST('/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync', {
    body: posterCompositeBody,
    answer: posterCompositeAnswer,
  }),
};

export const cardRoutes = {
  myDetails: GET(`${E}/GetAppMyDetails`, { answer: cardInfo }),
  updateWeChat: PUT(`${E}/UpdateUserWechat`, { body: weChatSettings, answer: okResult }),
  saveSettings: PUT(`${E}/Settings`, { body: cardSettings, answer: cardInfo }),
  /** The card's link and QR code (`isBase64: 'true'` answers a data URL). */
  qr: POST(`${E}/GetCardQR/:id`, { params: idParam, query: cardQrQuery, body: cardQrBody, answer: cardQrAnswer }),
};

export const websitesRoutes = {
  /** flag 'true' lists the caller's own, 'false' the company's. */
  list: GET(`${W}/GetMiniWebsiteList/:flag`, { params: websiteListParams, answer: websitePage }),
  create: POST(`${W}/CreateMiniWebsite`, { body: websiteBody, answer: website }),
  modify: PUT(`${W}/ModifyMiniWebsite/:id`, { params: idParam, body: websiteBody, answer: okResult }),
  remove: PUT(`${W}/DelMiniWebsite/:id`, { params: idParam, answer: okResult }),
  sort: PUT(`${W}/ListSortSubmit`, { body: websiteSortBody, answer: okResult }),
};
