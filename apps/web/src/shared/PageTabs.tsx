import { Tabs, type TabsProps } from 'antd';
import './PageTabs.css';

/**
 * A page's sections as tabs (企业管理's 成员 … 线索分设置, 费用's 账户 / 消费记录 / 订单): every section stays in view,
 * its tabs going on to a second row when the width runs out. antd's own bar scrolled them and hid the rest behind
 * 「…」: at 768 px beside the sidebar, company management showed five of its seven tabs, a phone three. Lists whose
 * tools share the bar keep ListTabs (it measures the bar's one row).
 */
export function PageTabs({ className, ...props }: TabsProps) {
  return <Tabs {...props} className={className ? `page-tabs ${className}` : 'page-tabs'} />;
}
