import { Tabs, type TabsProps } from 'antd';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { usePhone } from './phone';
import './ListTabs.css';

/** Room kept between the last tab and the tools when they share the bar. */
const GAP_PX = 24;

/**
 * The tabs over a list (企业/我的) with the list's tools (period, search, buttons): beside the tab bar when both fit,
 * on a row of their own below it on a phone or when they do not (the file manager's English tools at 1280 px). Kept
 * in the tab bar without room, antd counted the tools' width against the tabs', scrolled the active tab out of view
 * and showed 「…」.
 */
export function ListTabs({ tools, ...props }: Omit<TabsProps, 'tabBarExtraContent'> & { tools: ReactNode }) {
  const phone = usePhone();
  const [crowded, setCrowded] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const below = phone || crowded;

  // The tabs' own width (their list is not squeezed, only scrolled) and the tools' natural width, against the bar's.
  // Neither depends on where the tools stand, so moving them never undoes the decision.
  // biome-ignore lint/correctness/useExhaustiveDependencies: moved, the tools are a new element to watch (below)
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || phone) return;
    const parts = () => ({
      tabs: el.querySelector<HTMLElement>('.ant-tabs-nav-list'),
      tools: el.querySelector<HTMLElement>('.list-tabs-measure'),
    });
    const decide = () => {
      const { tabs, tools } = parts();
      // Not laid out (a hidden tab, a test's document): nothing to decide.
      if (tabs && tools && el.clientWidth > 0)
        setCrowded(tabs.scrollWidth + tools.offsetWidth + GAP_PX > el.clientWidth);
    };
    decide();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(decide);
    watch.observe(el);
    for (const part of Object.values(parts())) if (part) watch.observe(part);
    return () => watch.disconnect();
  }, [phone, below]);

  const measured = <span className="list-tabs-measure">{tools}</span>;
  return (
    <div ref={box}>
      <Tabs {...props} tabBarExtraContent={below ? undefined : measured} />
      {below && <div className="list-tabs-tools">{measured}</div>}
    </div>
  );
}
