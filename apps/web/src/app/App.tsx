import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createBrowserRouter, RouterProvider } from 'react-router';

const router = createBrowserRouter([
  {
    path: '/login',
    lazy: async () => ({ Component: (await import('../features/session/pages/LoginPage')).LoginPage }),
  },
  { path: '*', lazy: async () => ({ Component: (await import('../features/home/pages/HomePage')).HomePage }) },
]);

export function App() {
  return (
    <ConfigProvider locale={zhCN}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
