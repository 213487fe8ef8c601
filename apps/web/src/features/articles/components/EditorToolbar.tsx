import {
  BoldOutlined,
  ClearOutlined,
  FileImageOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { EditorTool } from '@huoke/contracts/editor';
import type { ChainedCommands, Editor } from '@tiptap/react';
import { Button, Divider, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkDialog } from './LinkDialog';

function Tool({
  title,
  active,
  onClick,
  children,
}: {
  title: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={title}
        aria-pressed={!!active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** A toolbar button: the setting that shows it, what it shows, the node or mark it lights up on, and its command. */
interface ToolSpec {
  tool: EditorTool;
  icon: ReactNode;
  active?: string;
  run: (c: ChainedCommands) => ChainedCommands;
}

const MARKS: ToolSpec[] = [
  { tool: 'bold', icon: <BoldOutlined />, active: 'bold', run: (c) => c.toggleBold() },
  { tool: 'italic', icon: <ItalicOutlined />, active: 'italic', run: (c) => c.toggleItalic() },
  { tool: 'underline', icon: <UnderlineOutlined />, active: 'underline', run: (c) => c.toggleUnderline() },
  { tool: 'strike', icon: <StrikethroughOutlined />, active: 'strike', run: (c) => c.toggleStrike() },
];
const BLOCKS: ToolSpec[] = [
  { tool: 'bullet', icon: <UnorderedListOutlined />, active: 'bulletList', run: (c) => c.toggleBulletList() },
  { tool: 'ordered', icon: <OrderedListOutlined />, active: 'orderedList', run: (c) => c.toggleOrderedList() },
  { tool: 'quote', icon: '“”', active: 'blockquote', run: (c) => c.toggleBlockquote() },
  { tool: 'hr', icon: <LineOutlined />, run: (c) => c.setHorizontalRule() },
];

/** The rich editor's toolbar: the tools the company's editor settings allow, in groups (SPEC §2.3). */
export function EditorToolbar({
  editor,
  has,
  uploading,
  onLibrary,
  onUpload,
}: {
  editor: Editor;
  has: (tool: EditorTool) => boolean;
  uploading: boolean;
  onLibrary: () => void;
  onUpload: () => void;
}) {
  const { t } = useTranslation('articles');
  const [linkOpen, setLinkOpen] = useState(false);
  // Each opening a new dialog: its form starts from the link of that moment, even while the last one fades out.
  const [linkOpenings, setLinkOpenings] = useState(0);
  const openLink = () => {
    setLinkOpenings((n) => n + 1);
    setLinkOpen(true);
  };
  const tb = (k: string) => t(`editor.tb.${k}`);
  const chain = () => editor.chain().focus();
  const tools = (specs: ToolSpec[]) =>
    specs
      .filter((s) => has(s.tool))
      .map((s) => (
        <Tool
          key={s.tool}
          title={tb(s.tool)}
          active={s.active ? editor.isActive(s.active) : undefined}
          onClick={() => s.run(chain()).run()}
        >
          {s.icon}
        </Tool>
      ));
  const linkTo = (href: string) => {
    setLinkOpen(false);
    const c = chain().extendMarkRange('link');
    (href ? c.setLink({ href }) : c.unsetLink()).run();
  };
  return (
    <>
      <Space
        wrap
        size={2}
        style={{ padding: 6, borderBottom: '1px solid #f0f0f0', width: '100%' }}
        data-testid="editor-toolbar"
      >
        {tools([
          { tool: 'undo', icon: <UndoOutlined />, run: (c) => c.undo() },
          { tool: 'redo', icon: <RedoOutlined />, run: (c) => c.redo() },
        ])}
        <Divider orientation="vertical" />
        {([1, 2, 3] as const)
          .filter(() => has('heading'))
          .map((level) => (
            <Tool
              key={level}
              title={tb(`h${level}`)}
              active={editor.isActive('heading', { level })}
              onClick={() => chain().toggleHeading({ level }).run()}
            >
              H{level}
            </Tool>
          ))}
        {has('paragraph') && (
          <Tool
            title={tb('paragraph')}
            active={editor.isActive('paragraph')}
            onClick={() => chain().setParagraph().run()}
          >
            P
          </Tool>
        )}
        <Divider orientation="vertical" />
        {tools(MARKS)}
        <Divider orientation="vertical" />
        {tools(BLOCKS)}
        {has('link') && (
          <Tool title={tb('link')} active={editor.isActive('link')} onClick={openLink}>
            <LinkOutlined />
          </Tool>
        )}
        {tools([{ tool: 'clear', icon: <ClearOutlined />, run: (c) => c.unsetAllMarks().clearNodes() }])}
        <Divider orientation="vertical" />
        {has('image') && (
          <>
            <Tool title={t('editor.imageFromLibrary')} onClick={onLibrary}>
              <FileImageOutlined />
            </Tool>
            <Tool title={t('editor.uploadImage')} onClick={onUpload}>
              {uploading ? '…' : <UploadOutlined />}
            </Tool>
          </>
        )}
      </Space>
      <LinkDialog
        key={linkOpenings}
        open={linkOpen}
        href={editor.getAttributes('link').href as string | undefined}
        onSubmit={linkTo}
        onClose={() => setLinkOpen(false)}
      />
    </>
  );
}
