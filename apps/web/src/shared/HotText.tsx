import { FireFilled } from '@ant-design/icons';

const FLAME = '🔥';

/** Kept in the text (copying, screen readers, find in page) but not drawn: the icon stands in for it. */
const unseen: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** The flame of a hot moment, drawn as an icon: the same on every system. */
export function HotFlame() {
  return <FireFilled aria-hidden style={{ color: '#fa541c' }} />;
}

/**
 * A title that opens with 🔥 (a hot moment's message) with the flame drawn as an icon: a system without a colour
 * emoji font (many Linux desktops, UOS and Kylin among them) shows 🔥 as an empty box. The character stays in the
 * text, unseen, so the title reads and copies as stored.
 */
export function HotText({ text }: { text: string }) {
  if (!text.startsWith(FLAME)) return <>{text}</>;
  return (
    <span data-testid="hot-text">
      <span style={unseen}>{FLAME}</span>
      <HotFlame />
      {text.slice(FLAME.length)}
    </span>
  );
}
