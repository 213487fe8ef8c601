import {
  ACCEPTED_DOCUMENT_TYPES,
  FILE_MAX_MB_DEFAULT,
  IMAGE_MAX_KB,
  VIDEO_MAX_MB_DEFAULT,
  VIDEO_TYPES,
} from '@huoke/contracts';

export type FileRule = 'image' | 'video' | 'document';
export type RuleProblem = 'imageType' | 'imageSize' | 'videoType' | 'videoSize' | 'fileType' | 'fileSize';

/** The Chinese messages of SPEC §5 for each problem; English beside them. */
export const RULE_MESSAGES: Record<RuleProblem, { zh: string; en: string }> = {
  imageType: { zh: '只能上传 jpeg/png 格式的图片', en: 'Only JPEG or PNG images can be uploaded' },
  imageSize: { zh: '图片大小不能超过1024Kb!', en: 'The image must be smaller than 1024 KB!' },
  videoType: { zh: '不支持的视频格式', en: 'Unsupported video format' },
  videoSize: { zh: '视频大小不能超过50M', en: 'The video must not exceed 50 MB' },
  fileType: { zh: '不支持的文件格式', en: 'Unsupported file type' },
  fileSize: { zh: '文件大小不能超过50M', en: 'The file must not exceed 50 MB' },
};

export function ruleMessage(p: RuleProblem, lang?: string) {
  return lang?.startsWith('en') ? RULE_MESSAGES[p].en : RULE_MESSAGES[p].zh;
}

const ext = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** Browser-side checks of SPEC §5 before anything is sent (the server checks again, by content). */
export function checkFile(
  file: { name: string; size: number; type: string },
  rule: FileRule,
  maxMb?: number,
): RuleProblem | null {
  if (rule === 'image') {
    if (!['image/jpeg', 'image/png'].includes(file.type) && !['jpg', 'jpeg', 'png'].includes(ext(file.name)))
      return 'imageType';
    if (file.size >= IMAGE_MAX_KB * 1024) return 'imageSize';
    return null;
  }
  if (rule === 'video') {
    if (!(VIDEO_TYPES as readonly string[]).includes(ext(file.name))) return 'videoType';
    if (file.size > (maxMb ?? VIDEO_MAX_MB_DEFAULT) * 1024 * 1024) return 'videoSize';
    return null;
  }
  if (!(ACCEPTED_DOCUMENT_TYPES as readonly string[]).includes(ext(file.name))) return 'fileType';
  if (file.size > (maxMb ?? FILE_MAX_MB_DEFAULT) * 1024 * 1024) return 'fileSize';
  return null;
}

/** Size formatter of SPEC §9 (the shell's). */
export { formatSize } from '../format';
