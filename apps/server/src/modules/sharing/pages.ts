/**
 * Server-rendered pages a visitor opens from a share link: mobile-first, inline CSS, no console
 * bundle, readable with scripts disabled (forms are plain POSTs; the small script only enhances).
 */
import { type EditorSettings, truncatePosition, type WebsiteBlock } from '@huoke/contracts';
import sanitizeHtml from 'sanitize-html';
import { dayOf } from '../../lib/days.js';
import type { Lang } from '../../lib/lang.js';
import type { ContentItem } from '../../ports/index.js';
import { FORM_MESSAGE_MAX, FORM_NAME_MAX, pageText } from './page-text.js';
import type { CardRow } from './service.js';

export const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Only http(s), same-site paths and inline images may be used as a link or image address. */
const safeUrl = (u: string | null | undefined) =>
  u && (/^https?:\/\//i.test(u) || (u.startsWith('/') && !u.startsWith('//')) || /^data:image\//.test(u)) ? u : '';

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#222;background:#f5f6f8}
main{max-width:640px;margin:0 auto;background:#fff;min-height:100vh;padding:16px 16px 96px}
h1{font-size:22px;line-height:1.35;margin:8px 0}h2{font-size:17px;margin:24px 0 8px}.meta{color:#888;font-size:13px}
.content{overflow-wrap:anywhere}.article-footer{margin:24px 0;padding-top:12px;border-top:1px solid #eee;color:#555;font-size:14px}.content img,.content video{max-width:100%;height:auto}
.card{display:flex;gap:12px;align-items:center;padding:12px;border-radius:10px;background:#f0f5ff;margin:12px 0}
.card .av{flex:none;width:56px;height:56px;border-radius:50%;object-fit:cover;background:#adc6ff;color:#fff;font-size:24px;display:flex;align-items:center;justify-content:center}.card b{font-size:17px}
.card .sub{color:#555;font-size:13px}.btns{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.btn{display:inline-block;padding:10px 16px;border-radius:8px;background:#1677ff;color:#fff;text-decoration:none;border:0;font-size:15px;cursor:pointer}
.btn.ghost{background:#fff;color:#1677ff;border:1px solid #1677ff}.qr{width:200px;height:200px;display:block;margin:8px auto}
.rel a{display:block;padding:10px 0;border-bottom:1px solid #eee;color:#1677ff;text-decoration:none}
form{display:grid;gap:8px;margin:12px 0}input,textarea{font:inherit;padding:10px;border:1px solid #ccc;border-radius:8px;width:100%}
.note{padding:12px;border-radius:8px;background:#f6ffed;border:1px solid #b7eb8f}.err{color:#cf1322}
details{margin:8px 0}video{width:100%;background:#000;border-radius:8px}.cover{width:100%;border-radius:8px}
.blank{text-align:center;padding:80px 16px;color:#666}.blank h1{color:#222}`;

/**
 * Sends the beacon (view on load; the time read each time the page is hidden or left, counted again from when it
 * shows again, so a reader who switches to a chat and comes back is counted for both stretches, each with the
 * page's total so far (`totalMs`, what scoring's thresholds compare); once, when the total reaches 2 minutes while
 * the page is still read, so that the 🔥 of a long read reaches the sharer while the reader is on the page; clicks on
 * [data-track]) and enhances forms: they are sent
 * without leaving the page, and a field the browser refuses says why in the page's words (data-missing, data-bad).
 * While the page stays, a beacon goes by fetch (keepalive, so it is delivered should the page close meanwhile): a
 * 503 (the ingest's queue is full: beacon.ts) is sent again after its Retry-After, doubled each time with jitter, up
 * to five times, so a burst of visitors costs the sharer no events. As the page is left (pagehide) it goes by
 * sendBeacon, which outlives the page but shows no answer; fetch is the fallback either way.
 */
const SCRIPT = `(function(){var d=document,c=d.body.getAttribute('data-code');if(!c)return;var t0=0,acc=0,tm;
function p(b){return fetch('/api/t',{method:'POST',body:b,keepalive:true,headers:{'content-type':'text/plain'}})}
function q(b,n){p(b).then(function(x){if(x.status===503&&n<5)setTimeout(function(){q(b,n+1)},(+x.headers.get('retry-after')||1)*(1e3+Math.random()*1e3)*(1<<n))},function(){})}
function s(a,x,u){var o={code:c,action:a};if(x)for(var k in x)o[k]=x[k];var b=JSON.stringify(o);
if(!u&&window.fetch)try{q(b,0);return}catch(e){}
try{if(navigator.sendBeacon&&navigator.sendBeacon('/api/t',new Blob([b],{type:'text/plain'})))return}catch(e){}
try{p(b)}catch(e){}}
var fq=/[?&]f=([A-Za-z0-9_-]{40,200})/.exec(location.search);s('view',fq?{f:fq[1]}:0);var en=0;addEventListener('scroll',function(){if(!en&&innerHeight+scrollY>=d.documentElement.scrollHeight-40){en=1;s('end')}},{passive:true});
function fw(m){return fetch('/s/'+c+'/forward',{method:m,headers:{accept:'application/json'}}).then(function(x){return x.json()})}
var fb=d.querySelector('[data-forward]');if(fb)fb.addEventListener('click',function(){fw('POST').then(function(j){
var u=d.getElementById('fwd-url'),o=d.getElementById('fwd-out');u.value=j.url;u.hidden=false;o.textContent=fb.getAttribute('data-manual');
try{if(navigator.share)navigator.share({title:d.title,url:j.url}).catch(function(){});else if(navigator.clipboard)navigator.clipboard.writeText(j.url).then(function(){o.textContent=fb.getAttribute('data-ready')}).catch(function(){})}catch(e){}})});
if(/MicroMessenger/i.test(navigator.userAgent)&&history.replaceState)fw('GET').then(function(j){history.replaceState(null,'',j.url)}).catch(function(){});
function r(u){clearTimeout(tm);if(t0){var x=Date.now()-t0;acc+=x;s('read',{durationMs:x,totalMs:acc},u);t0=0}}
function go(){if(!t0){t0=Date.now();if(acc<12e4)tm=setTimeout(function(){r();go()},12e4-acc)}}go();
addEventListener('pagehide',function(){r(1)});addEventListener('pageshow',function(e){if(e.persisted)go()});
d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')r();else go()});
d.addEventListener('click',function(e){var el=e.target.closest&&e.target.closest('[data-track]');if(!el)return;s(el.getAttribute('data-track'));
var cp=el.getAttribute('data-copy');if(cp&&navigator.clipboard){e.preventDefault();navigator.clipboard.writeText(cp).then(function(){el.textContent=el.getAttribute('data-copied')})}});
d.querySelectorAll('video').forEach(function(v){v.addEventListener('play',function(){s('play')},{once:true})});
d.querySelectorAll('[data-missing]').forEach(function(i){i.addEventListener('invalid',function(){var v=i.validity;
i.setCustomValidity(v.valueMissing?i.getAttribute('data-missing'):v.patternMismatch?i.getAttribute('data-bad')||'':'')});
i.addEventListener('input',function(){i.setCustomValidity('')})});
d.querySelectorAll('form[data-enhance]').forEach(function(f){f.addEventListener('submit',function(e){e.preventDefault();
var b=f.querySelector('button[type=submit]'),n=f.querySelector('.out');if(b.disabled)return;b.disabled=true;b.setAttribute('aria-busy','true');
fetch(f.action,{method:'POST',body:new URLSearchParams(new FormData(f)),headers:{accept:'application/json'}}).then(function(res){return res.json()}).then(function(j){
n.textContent=j.message||j.detail||'';n.className='out '+(j.ok?'note':'err');if(j.ok)f.reset()}).catch(function(){n.textContent=f.getAttribute('data-failed');n.className='out err'})
.then(function(){b.disabled=false;b.removeAttribute('aria-busy')})})})})();`;

interface PageMeta {
  title: string;
  description: string;
  image?: string;
  url: string;
  code?: string;
}

export function layout(meta: PageMeta, body: string, lang: Lang = 'zh'): string {
  const img = meta.image ? esc(meta.image) : '';
  return `<!doctype html><html lang="${pageText(lang).htmlLang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<title>${esc(meta.title)}</title><meta name="description" content="${esc(meta.description)}">
<meta property="og:type" content="article"><meta property="og:title" content="${esc(meta.title)}">
<meta property="og:description" content="${esc(meta.description)}"><meta property="og:url" content="${esc(meta.url)}">
${img ? `<meta property="og:image" content="${img}"><meta itemprop="image" content="${img}">` : ''}
<meta itemprop="name" content="${esc(meta.title)}"><meta itemprop="description" content="${esc(meta.description)}">
<meta name="referrer" content="strict-origin-when-cross-origin"><style>${CSS}</style></head>
<body${meta.code ? ` data-code="${esc(meta.code)}"` : ''}><main>${body}</main>${meta.code ? `<script>${SCRIPT}</script>` : ''}</body></html>`;
}

export function blankPage(status: 404 | 410, url: string, lang: Lang = 'zh'): string {
  const x = pageText(lang);
  const [title, text] = status === 410 ? [x.gone, x.goneText] : [x.notFound, x.notFoundText];
  return layout({ title, description: text, url }, `<div class="blank"><h1>${title}</h1><p>${text}</p></div>`, lang);
}

export interface CardView {
  card: CardRow;
  companyName: string;
  /** Fields the sharer chose to show (the share panel's tags, or the card's own flags). */
  show: { company: boolean; position: boolean; weChat: boolean; phone: boolean };
}

export function cardBlock(
  v: CardView,
  opts: { full?: boolean; recommend?: boolean; vcardUrl?: string; lang?: Lang } = {},
): string {
  const { full = false, recommend = false, vcardUrl } = opts;
  const x = pageText(opts.lang ?? 'zh');
  const { card, show } = v;
  const av = safeUrl(card.avatar);
  const lines: string[] = [];
  // The position's first 9 characters and an ellipsis (SPEC §3), as the console shows it; the whole of it on hover.
  if (show.position && card.duties)
    lines.push(`<div class="sub" title="${esc(card.duties)}">${esc(truncatePosition(card.duties))}</div>`);
  if (show.company) lines.push(`<div class="sub">${esc(v.companyName)}</div>`);
  if (show.phone && card.phone) lines.push(`<div class="sub">${x.phone}${esc(card.phone)}</div>`);
  if (show.weChat && card.weChatId) lines.push(`<div class="sub">${x.weChat}${esc(card.weChatId)}</div>`);
  const initial = esc([...card.name][0] ?? '');
  const head = `<div class="card">${av ? `<img class="av" src="${esc(av)}" alt="">` : `<span class="av">${initial}</span>`}
<div><b>${esc(card.name)}</b>${recommend ? `<div class="sub">${x.recommend}</div>` : ''}${lines.join('')}</div></div>`;
  const btns: string[] = [];
  if (show.phone && card.phone)
    btns.push(`<a class="btn" href="tel:${esc(card.phone)}" data-track="call">${x.call}</a>`);
  if (show.weChat && card.weChatId)
    btns.push(
      `<a class="btn ghost" href="#wx" data-track="wechat" data-copy="${esc(card.weChatId)}" data-copied="${x.copied}">${x.copyWeChat}</a>`,
    );
  if (vcardUrl) btns.push(`<a class="btn ghost" href="${esc(vcardUrl)}" data-track="download">${x.saveContact}</a>`);
  const qr =
    show.weChat && safeUrl(card.weChatQrCode)
      ? `<details id="wx"${full ? ' open' : ''}><summary>${x.weChatQr}</summary><img class="qr" src="${esc(safeUrl(card.weChatQrCode))}" alt="${x.weChatQr}"><p class="meta" style="text-align:center">${x.weChatQrTip}</p></details>`
      : '';
  return head + (btns.length ? `<div class="btns">${btns.join('')}</div>` : '') + qr;
}

export function forms(code: string, phone: string, state?: { ok?: string; error?: string }, lang: Lang = 'zh'): string {
  const x = pageText(lang);
  // The browser's own check of a field says what is wrong in the page's language (the script sets these messages;
  // without it, a wrong number's bubble still shows the title).
  const missing = (m: string) => `data-missing="${esc(m)}"`;
  const mobileChecks = `${missing(x.mobileRequired)} data-bad="${esc(x.mobileInvalid)}" title="${esc(x.mobileInvalid)}"`;
  // No code (the article editor's preview): the forms post nowhere (they are inert in its sandboxed frame anyway).
  const action = (path: string) => (code ? ` action="/s/${esc(code)}/${path}"` : '');
  const out = state?.ok
    ? `<p class="out note">${esc(state.ok)}</p>`
    : state?.error
      ? `<p class="out err">${esc(state.error)}</p>`
      : '<p class="out" role="status"></p>';
  return `<div class="btns"><button class="btn ghost" type="button" data-forward data-ready="${x.forwardReady}" data-manual="${x.forwardManual}">${x.forward}</button></div>
<input id="fwd-url" readonly hidden aria-label="${x.forwardLink}"><p id="fwd-out" class="meta" role="status"></p>
<h2 id="consult">${x.consult}</h2><form method="post"${action('consult')} data-enhance data-failed="${x.sendFailed}">
<input name="name" required maxlength="${FORM_NAME_MAX}" placeholder="${x.yourName}" aria-label="${x.nameLabel}" ${missing(x.nameRequired)}>
<input name="phone" required inputmode="tel" pattern="1[0-9]{10}" maxlength="11" placeholder="${x.mobile}" aria-label="${x.mobile}" ${mobileChecks}>
<button class="btn" type="submit">${x.submitConsult}</button>${out}</form>
<h2>${x.leaveMessage}</h2><form method="post"${action('message')} data-enhance data-failed="${x.sendFailed}">
<input name="name" required maxlength="${FORM_NAME_MAX}" placeholder="${x.yourName}" aria-label="${x.messageNameLabel}" ${missing(x.nameRequired)}>
<input name="phone" required inputmode="tel" pattern="1[0-9]{10}" maxlength="11" placeholder="${x.mobile}" aria-label="${x.messageMobileLabel}" ${mobileChecks}>
<textarea name="message" required maxlength="${FORM_MESSAGE_MAX}" rows="3" placeholder="${x.messageContent}" aria-label="${x.messageContent}" ${missing(x.messageRequired)}></textarea>
<button class="btn ghost" type="submit">${x.submitMessage}</button><p class="out" role="status"></p></form>
<p class="meta">${x.support}<a href="tel:${esc(phone)}">${esc(phone)}</a></p>`;
}

const cleanHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'video', 'source'],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      img: ['src', 'alt', 'width', 'height'],
      video: ['src', 'controls', 'poster'],
      source: ['src', 'type'],
    },
    allowedSchemes: ['http', 'https', 'data', 'tel', 'mailto'],
  });

export interface Related {
  kind: 'article' | 'video' | 'document';
  item: ContentItem;
}

/** The company's article footer (signature, contact, QR code) and its editor's text defaults, as one style + block. */
export function articleFooter(e: EditorSettings | undefined): { style: string; footer: string } {
  if (!e) return { style: '', footer: '' };
  const style = `<style>.content{font-size:${e.fontSize}px}.content p{margin:0 0 ${e.paragraphSpacing}px}.content img{max-width:min(100%,${e.imageMaxWidth}px)}</style>`;
  const f = e.footer;
  const qr = safeUrl(f.qrCodeUrl);
  const footer =
    f.enabled && (f.signature || f.contact || qr)
      ? `<footer class="article-footer" data-testid="article-footer">${f.signature ? `<p><b>${esc(f.signature)}</b></p>` : ''}${f.contact ? `<p>${esc(f.contact).replace(/\n/g, '<br>')}</p>` : ''}${qr ? `<img src="${esc(qr)}" alt="" width="120" height="120">` : ''}</footer>`
      : '';
  return { style, footer };
}

/**
 * The day a piece was made, as the console shows it (China time): the stored time is UTC, and its first ten
 * characters put an article made at 04:25 in Beijing on the day before.
 */
export function shownDay(createTime: string): string {
  const at = Date.parse(createTime);
  return Number.isNaN(at) ? createTime.slice(0, 10) : dayOf(at);
}

export function articleBody(
  item: ContentItem,
  card: string,
  related: Related[],
  footer = '',
  lang: Lang = 'zh',
): string {
  const rel = related.length
    ? `<h2>${pageText(lang).related}</h2><div class="rel">${related
        .map((r) => `<a href="#rel-${r.kind}-${r.item.id}" data-track="click">${esc(r.item.title)}</a>`)
        .join('')}</div>${related.map((r) => relatedDetail(r, lang)).join('')}`
    : '';
  return `${card}<h1>${esc(item.title)}</h1><p class="meta">${esc(item.source ?? '')} ${esc(shownDay(item.createTime))}</p>
<div class="content">${cleanHtml(item.html ?? esc(item.summary))}</div>${footer}${rel}`;
}

function relatedDetail(r: Related, lang: Lang): string {
  const head = `<h2 id="rel-${r.kind}-${r.item.id}">${esc(r.item.title)}</h2>`;
  if (r.kind === 'video') return head + videoTag(r.item);
  if (r.kind === 'document') return head + documentLinks(r.item, lang);
  return `${head}<p>${esc(r.item.summary)}</p>`;
}

const videoTag = (item: ContentItem) =>
  `<video controls playsinline preload="metadata" src="${esc(safeUrl(item.fileUrl))}"${item.cover ? ` poster="${esc(safeUrl(item.cover))}"` : ''}></video>`;

/** The name a downloaded file is saved under: the document's title with its file's extension (not the stored key). */
export function downloadName(item: Pick<ContentItem, 'title' | 'fileUrl'>): string {
  const ext = /\.([A-Za-z0-9]{1,8})(?:[?#]|$)/.exec(item.fileUrl ?? '')?.[1]?.toLowerCase() ?? '';
  const title = item.title.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'file';
  return ext && !title.toLowerCase().endsWith(`.${ext}`) ? `${title}.${ext}` : title;
}

const documentLinks = (item: ContentItem, lang: Lang) => {
  const x = pageText(lang);
  const b: string[] = [];
  const pdf = safeUrl(item.pdfUrl ?? (item.fileUrl?.toLowerCase().endsWith('.pdf') ? item.fileUrl : ''));
  if (pdf)
    b.push(`<a class="btn" href="${esc(pdf)}" target="_blank" rel="noopener" data-track="click">${x.preview}</a>`);
  if (safeUrl(item.fileUrl))
    b.push(
      `<a class="btn ghost" href="${esc(safeUrl(item.fileUrl))}" download="${esc(downloadName(item))}" data-track="download">${x.download}</a>`,
    );
  return `<div class="btns">${b.join('')}</div>`;
};

export const videoBody = (item: ContentItem, card: string) =>
  `${card}<h1>${esc(item.title)}</h1>${videoTag(item)}<p>${esc(item.summary)}</p>`;

export const documentBody = (item: ContentItem, card: string, lang: Lang = 'zh') =>
  `${card}<h1>${esc(item.title)}</h1><p class="meta">${esc(shownDay(item.createTime))}</p><p>${esc(item.summary)}</p>${documentLinks(item, lang)}`;

export function websiteBody(
  site: { title: string; cover: string; blocks: WebsiteBlock[] },
  items: Map<string, ContentItem>,
  card: string,
): string {
  const cover = safeUrl(site.cover);
  const parts = site.blocks.map((b) => {
    if (b.type === 'text') return `<p>${esc(b.text).replace(/\n/g, '<br>')}</p>`;
    if (b.type === 'image') return safeUrl(b.url) ? `<img class="cover" src="${esc(safeUrl(b.url))}" alt="">` : '';
    if (b.type === 'card') return card;
    const item = items.get(`${b.type}:${b.id}`);
    if (!item) return '';
    if (b.type === 'video') return `<h2>${esc(item.title)}</h2>${videoTag(item)}`;
    return `<h2>${esc(item.title)}</h2><div class="content">${cleanHtml(item.html ?? esc(item.summary))}</div>`;
  });
  return `${cover ? `<img class="cover" src="${esc(cover)}" alt="">` : ''}<h1>${esc(site.title)}</h1>${parts.join('')}`;
}

/** vCard 3.0 of an e-card ("save contact"): what the card shows, and nothing it hides (its four 显示 switches). */
export function vcard(card: CardRow, companyName: string): string {
  // A line break of any kind (\r\n, \n or a lone \r, which vCard readers take as a line end too) stays in its field.
  const v = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${v(card.name)}`,
    `N:${v(card.name)};;;;`,
    card.isShowCompany ? `ORG:${v(companyName)}` : '',
    card.isShowPosition && card.duties ? `TITLE:${v(card.duties)}` : '',
    card.isShowPhone && card.phone ? `TEL;TYPE=CELL:${v(card.phone)}` : '',
    card.isShowWeChat && card.weChatId ? `NOTE:微信 ${v(card.weChatId)}` : '',
    'END:VCARD',
    '',
  ]
    .filter((l, i, a) => l !== '' || i === a.length - 1)
    .join('\r\n');
}
