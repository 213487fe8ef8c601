import { Button, message } from 'antd';

/** The success toast of a soft delete, with an 撤销 link that undoes it (8 s, one toast per item). */
export function showUndoMessage({
  key,
  text,
  undoText,
  onUndo,
}: {
  key: string;
  text: string;
  undoText: string;
  onUndo: () => void;
}) {
  message.success({
    key,
    duration: 8,
    content: (
      <span>
        {text}{' '}
        <Button
          size="small"
          type="link"
          onClick={() => {
            message.destroy(key);
            onUndo();
          }}
        >
          {undoText}
        </Button>
      </span>
    ),
  });
}
