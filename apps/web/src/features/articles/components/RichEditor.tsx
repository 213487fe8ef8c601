import { EDITOR } from '@huoke/contracts';
import type { EditorTool } from '@huoke/contracts/editor';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { message, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../../../shared/cspNonce';
import { DEFAULT_EDITOR_SETTINGS, useEditorSettings } from '../../../shared/editorSettings';
import { HiddenFileInput } from '../../../shared/HiddenFileInput';
import { MaterialPicker } from '../../../shared/pickers/MaterialPicker';
import { uploadPictures } from '../../../shared/upload/api';
import { showUploadError } from '../../../shared/upload/multipart';
import { checkFile, ruleMessage } from '../../../shared/upload/rules';
import { EditorToolbar } from './EditorToolbar';

/** 字数: the characters of the text; the line breaks `getText` puts between blocks (\n\n) and for a break are none. */
const charsOf = (text: string) => text.replace(/[\r\n]/g, '').length;

interface RichEditorProps {
  initialHtml: string;
  /** `blank`: no text but white space (an image alone is no article body either). */
  onChange: (html: string, chars: number, blank: boolean) => void;
}

/**
 * TipTap editor of the article page: toolbar, height 600, width 100%, images from the library or uploaded (SPEC §9).
 * The company's editor settings (SPEC §2.3) choose the tools, the text defaults and how inserted images are made.
 */
export function RichEditor({ initialHtml, onChange }: RichEditorProps) {
  const { t, i18n } = useTranslation('articles');
  const settingsQuery = useEditorSettings();
  const settings = settingsQuery.data ?? (settingsQuery.isError ? DEFAULT_EDITOR_SETTINGS : undefined);
  const has = (tool: EditorTool) => !!settings?.tools.includes(tool);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [chars, setChars] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Image.configure({ allowBase64: false })],
    content: initialHtml,
    // TipTap adds its base rules as a <style>: with the page's CSP nonce, or the browser refuses them.
    ...(cspNonce ? { injectNonce: cspNonce } : {}),
    shouldRerenderOnTransaction: true,
    // The writing area's name for a screen reader (it has no <label>).
    editorProps: { attributes: { 'aria-label': t('editor.content') } },
    onCreate: ({ editor: e }) => setChars(charsOf(e.getText())),
    onUpdate: ({ editor: e }) => {
      const text = e.getText();
      setChars(charsOf(text));
      onChange(e.getHTML(), charsOf(text), text.trim() === '');
    },
  });
  // All at once after the cursor: `setImage` one by one left each new image selected, and the next replaced it (as
  // it replaced an image the writer had selected).
  const insertImages = (urls: string[]) => {
    if (!editor || urls.length === 0) return;
    const images = urls.map((src) => ({ type: 'image', attrs: { src } }));
    editor.chain().focus().insertContentAt(editor.state.selection.to, images).run();
  };
  const upload = async (ev: ChangeEvent<HTMLInputElement>) => {
    const files = [...(ev.target.files ?? [])];
    ev.target.value = '';
    for (const f of files) {
      const p = checkFile(f, 'image');
      if (p) {
        message.error(ruleMessage(p, i18n?.language));
        return;
      }
    }
    if (files.length === 0) return;
    setUploading(true);
    try {
      const wm = settings?.watermark;
      const r = await uploadPictures(files, {
        Quality: settings?.imageQuality ?? 0,
        ...(wm?.enabled && wm.url
          ? { IsEnableWaterMark: true, WaterMarkUrl: wm.url, WaterMarkPoint: wm.point, Transparency: wm.transparency }
          : {}),
      });
      insertImages(r.files.map((f) => f.url));
    } catch (e) {
      showUploadError(e);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div style={{ width: EDITOR.width, border: '1px solid #d9d9d9', borderRadius: 6 }} data-testid="rich-editor">
      {editor && settings && (
        <EditorToolbar
          editor={editor}
          has={has}
          uploading={uploading}
          onLibrary={() => setPickerOpen(true)}
          onUpload={() => fileInput.current?.click()}
        />
      )}
      {/* Never shown: the upload button opens it (a visible native input says "Choose Files" in the browser's language). */}
      <HiddenFileInput
        ref={fileInput}
        accept="image/jpeg,image/png"
        multiple
        data-testid="editor-image-input"
        onChange={(e) => void upload(e)}
      />
      <EditorContent
        editor={editor}
        className="huoke-rich-editor"
        style={{ minHeight: EDITOR.initialHeight, maxHeight: 900, overflowY: 'auto', padding: '8px 16px' }}
      />
      <div style={{ textAlign: 'right', padding: '4px 12px', borderTop: '1px solid #f0f0f0' }}>
        <Typography.Text type={chars > EDITOR.maxWords ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {t('editor.words', { count: chars })}
        </Typography.Text>
      </div>
      <style
        nonce={cspNonce}
      >{`.huoke-rich-editor .tiptap{min-height:${EDITOR.initialHeight - 20}px;outline:none;font-size:${settings?.fontSize ?? DEFAULT_EDITOR_SETTINGS.fontSize}px}.huoke-rich-editor .tiptap p{margin:0 0 ${settings?.paragraphSpacing ?? DEFAULT_EDITOR_SETTINGS.paragraphSpacing}px}.huoke-rich-editor img{max-width:min(100%,${settings?.imageMaxWidth ?? DEFAULT_EDITOR_SETTINGS.imageMaxWidth}px)}`}</style>
      <MaterialPicker
        open={pickerOpen}
        fileType={2}
        max={9}
        onCancel={() => setPickerOpen(false)}
        onOk={(files) => {
          setPickerOpen(false);
          insertImages(files.map((f) => f.url));
        }}
      />
    </div>
  );
}
