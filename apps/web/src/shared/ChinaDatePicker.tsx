import dayjsConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime } from './format';

/**
 * antd's date picker on China's clock (Asia/Shanghai, the product's one clock; shared/format): the calendar's today,
 * its 今天 button and the month it opens on are China's, whatever the browser's zone. antd's own took the browser's:
 * after 16:00 UTC a browser west of China is still on China's yesterday, so 今天 stood disabled under a rule of "not
 * before China's today". "Now" is China's wall clock read as a local time (a day picker's days are local days).
 */
export const ChinaDatePicker = DatePicker.generatePicker<Dayjs>({
  ...dayjsConfig,
  getNow: () => dayjs(formatDateTime(Date.now(), 'second')),
});

/**
 * The range picker on the same clock: its today and the months it opens on are China's, the day a range "up to
 * today" ends on (the server's days are China's). The console's range fields use it through DateRangePicker.
 */
export const ChinaRangePicker = ChinaDatePicker.RangePicker;
