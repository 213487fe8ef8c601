import {
  AppstoreOutlined,
  ContactsOutlined,
  DashboardOutlined,
  FolderOutlined,
  FunnelPlotOutlined,
  GlobalOutlined,
  IdcardOutlined,
  KeyOutlined,
  MessageOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  RadarChartOutlined,
  ReadOutlined,
  RiseOutlined,
  RobotOutlined,
  SearchOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  team: <TeamOutlined />,
  read: <ReadOutlined />,
  folder: <FolderOutlined />,
  video: <VideoCameraOutlined />,
  picture: <PictureOutlined />,
  idcard: <IdcardOutlined />,
  global: <GlobalOutlined />,
  radar: <RadarChartOutlined />,
  message: <MessageOutlined />,
  rise: <RiseOutlined />,
  key: <KeyOutlined />,
  robot: <RobotOutlined />,
  funnel: <FunnelPlotOutlined />,
  appstore: <AppstoreOutlined />,
  contacts: <ContactsOutlined />,
  search: <SearchOutlined />,
  play: <PlayCircleOutlined />,
};

/** Menu icon names of the server menu (meta.icon) to icons; unknown names get a neutral icon. */
export const menuIcon = (name?: string): ReactNode => (name ? (ICONS[name] ?? <AppstoreOutlined />) : undefined);
