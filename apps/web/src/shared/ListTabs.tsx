import { Tabs, type TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { usePhone } from './phone';

/**
 * The tabs over a list (企业/我的) with the list's tools (period, search, buttons): beside the tab bar on a wide
 * screen, on a row of their own below it on a phone. Kept in the tab bar there, antd counted the tools' width
 * against the tabs' room even when they wrapped below, scrolled the active tab out of view and showed 「…」.
 */
export function ListTabs({ tools, ...props }: Omit<TabsProps, 'tabBarExtraContent'> & { tools: ReactNode }) {
  const phone = usePhone();
  return (
    <>
      <Tabs {...props} tabBarExtraContent={phone ? undefined : tools} />
      {phone && <div className="list-tabs-tools">{tools}</div>}
    </>
  );
}
