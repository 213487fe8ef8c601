import { Route, Routes } from 'react-router';
import { DynamicView } from '../app/DynamicView';
import { renderView } from './render';

/** The console layout's routes at `path`: the workbench, /404, and every other page through the server menu's views. */
export function renderLayoutRoutes(path: string) {
  return renderView(
    <Routes>
      <Route path="/home" element={<p>工作台</p>} />
      <Route path="/404" element={<p>页面不存在</p>} />
      <Route path="*" element={<DynamicView />} />
    </Routes>,
    { path },
  );
}
