/** Server-side allow-list for article HTML: no script, no on* handlers, no javascript:, data: only for images, iframes only from VIDEO_IFRAME_HOSTS. */
import sanitizeHtml from 'sanitize-html';

const TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'section',
  'article',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'mark',
  'small',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'video',
  'source',
  'iframe',
];

/** Plain values only: no url(), no expression(), no escapes or quotes. */
const STYLE_VALUE = [/^(?!.*(expression|url|javascript|behavior))[#\w\s,.%()-]+$/i];
const STYLES = Object.fromEntries(
  [
    'color',
    'background-color',
    'text-align',
    'font-size',
    'font-weight',
    'font-style',
    'text-decoration',
    'line-height',
    'letter-spacing',
    'text-indent',
    'width',
    'max-width',
    'height',
    'margin',
    'margin-left',
    'margin-right',
    'margin-top',
    'margin-bottom',
    'padding',
    'padding-left',
    'padding-right',
    'border',
    'vertical-align',
    'float',
  ].map((p) => [p, STYLE_VALUE]),
);

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/** Builds the sanitizer for a list of iframe hosts (comma separated in configuration). */
export function articleSanitizer(iframeHosts: string) {
  const hosts = iframeHosts
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const options: sanitizeHtml.IOptions = {
    allowedTags: TAGS,
    allowedAttributes: {
      '*': ['style', 'class', 'title', 'align'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      video: ['src', 'poster', 'controls', 'width', 'height', 'preload'],
      source: ['src', 'type'],
      iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      col: ['span'],
      ol: ['start'],
    },
    allowedStyles: { '*': STYLES },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https', 'http'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
    allowProtocolRelative: false,
    allowedIframeHostnames: hosts,
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'noembed', 'noframes'],
    transformTags: {
      a: (tagName, attribs) => {
        const out = { ...attribs };
        if (out.target) {
          out.target = '_blank';
          out.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const out = { ...attribs };
        if (out.src?.trim().toLowerCase().startsWith('data:') && !DATA_IMAGE.test(out.src.trim())) delete out.src;
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  };
  return (html: string) => sanitizeHtml(html, options);
}

/** Plain-text summary of sanitized HTML (share metadata, list rows). */
export function summaryOf(html: string, max = 120): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
