import { useTranslation } from 'react-i18next';

/** Strings of the pickers (SPEC §2.3, §5), in Chinese verbatim and English. */
const TEXTS = {
  'zh-CN': {
    lang: 'zh-CN',
    ok: '确定',
    cancel: '取消',
    articleTitle: '选择文章',
    documentTitle: '选择文件',
    videoTitle: '选择视频',
    article: { 1: '企业文章', 2: '我的文章' },
    document: { 1: '企业文件', 2: '我的文件' },
    video: { 1: '企业视频', 2: '我的视频' },
    shared: '共享',
    maxThree: '最多只能选择三个文章',
    empty: '暂无数据',
    materialTitle: '选择素材',
    all: '全部',
    addGroup: '添加分组',
    groupName: '请输入分组名称',
    confirmTitle: '提示',
    confirmContent: '是否执行此操作?',
    upload: '上传',
    uploading: '上传中…',
    maxSix: '最多只能选择6张图片',
    chooseMaterial: '请选择素材',
    maxMaterials: '只能选择{n}个素材',
    onlyType: { 1: '只能选择视频文件', 2: '只能选择图片文件', 3: '只能选择附件文件' },
    success: '操作成功',
    uploaded: '文件上传成功',
    videoUploaded: '视频上传成功',
    selected: '已选择 {n} 个',
    chooseImage: '选择图片',
    changeImage: '更换图片',
    removeImage: '移除',
    noImage: '未选择图片',
  },
  en: {
    lang: 'en',
    ok: 'OK',
    cancel: 'Cancel',
    articleTitle: 'Choose articles',
    documentTitle: 'Choose files',
    videoTitle: 'Choose videos',
    article: { 1: 'Enterprise articles', 2: 'My articles' },
    document: { 1: 'Enterprise files', 2: 'My files' },
    video: { 1: 'Enterprise videos', 2: 'My videos' },
    shared: 'Shared',
    maxThree: 'You can choose at most three',
    empty: 'No data',
    materialTitle: 'Choose material',
    all: 'All',
    addGroup: 'Add group',
    groupName: 'Please enter a group name',
    confirmTitle: 'Notice',
    confirmContent: 'Do you want to continue?',
    upload: 'Upload',
    uploading: 'Uploading…',
    maxSix: 'You can choose at most 6 images',
    chooseMaterial: 'Please choose a material',
    maxMaterials: 'You can choose only {n} materials',
    onlyType: { 1: 'Only video files', 2: 'Only image files', 3: 'Only attachment files' },
    success: 'Done',
    uploaded: 'File uploaded',
    videoUploaded: 'Video uploaded',
    selected: '{n} selected',
    chooseImage: 'Choose image',
    changeImage: 'Change image',
    removeImage: 'Remove',
    noImage: 'No image chosen',
  },
} as const;

export type PickerTexts = (typeof TEXTS)['zh-CN'] | (typeof TEXTS)['en'];

export function usePickerTexts(): PickerTexts {
  const { i18n } = useTranslation();
  return i18n?.language?.startsWith('en') ? TEXTS.en : TEXTS['zh-CN'];
}

export const fill = (s: string, n: number) => s.replace('{n}', String(n));
