/** Picker value 1 enterprise, 2 mine (SPEC §9). */
export type PickerTab = 1 | 2;
export type PickableKind = 'article' | 'document' | 'video';

export interface PickedItem {
  id: number;
  title: string;
  cover?: string | null;
}

export interface ContentPickerProps {
  kind: PickableKind;
  open: boolean;
  /** Already chosen ids (at most 3: 最多只能选择三个文章). */
  value: number[];
  onOk: (items: PickedItem[]) => void;
  onCancel: () => void;
  /** An item not offered: the article whose related articles are being chosen is not its own. */
  exclude?: number;
}

export interface PickedMaterial {
  id: number;
  name: string;
  url: string;
  fileType: 1 | 2 | 3;
}

export interface MaterialPickerProps {
  open: boolean;
  /** 1 video, 2 image, 3 attachment; undefined accepts any. */
  fileType?: 1 | 2 | 3;
  /** Most materials the caller takes (只能选择N个素材). */
  max?: number;
  onOk: (files: PickedMaterial[]) => void;
  onCancel: () => void;
}
