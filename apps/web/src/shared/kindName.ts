import { KIND_LABEL } from '@huoke/contracts/radar';
import type { TFunction } from 'i18next';

const KIND_BY_LABEL = new Map(Object.entries(KIND_LABEL).map(([k, label]) => [label, k]));

/** A chart category the server names in Chinese (KIND_LABEL), in the reader's language; unknown names pass through. */
export const kindName = (t: TFunction, label: string) => {
  const kind = KIND_BY_LABEL.get(label);
  return kind === undefined ? label : t(kindKey(kind), { defaultValue: label });
};

/** The locale key of a clue source / event kind: 0 is a lead entered by hand (kind.0 is the filters' 全部). */
export const kindKey = (kind: number | string) => (String(kind) === '0' ? 'radar:manual' : `radar:kind.${kind}`);

/**
 * The tag beside a timeline line, naming its kind: a call or a WeChat line is tagged by its channel (电话, 微信), as
 * the line says the tap (点击了拨打电话, 复制了微信号). The filters' names (拨打电话, 添加微信, SPEC §9) repeated the line
 * beside it, or said the friend was added where the page only saw the WeChat ID copied.
 */
export const kindTag = (t: TFunction, kind: number, fallback: string) =>
  t([`radar:tag.${kind}`, kindKey(kind)], { defaultValue: fallback });
