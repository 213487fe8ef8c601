import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { DynamicView, PageSpin } from './DynamicView';
import { guardLoader, keyLoader, loginLoader } from './guard';
import { OpenLayout } from './OpenLayout';
import { RootShell } from './RootShell';
import { RouteError } from './RouteError';
import { bindMobileLoader, chooseCompanyLoader } from './sessionStepLoaders';
import { lazyView, withCatalogs, withChunkTimeout } from './views';

type PageModule = { default: React.ComponentType };
/**
 * A first-screen page's lazy module (its antd rules come in its own stylesheet chunk, loaded before it runs): its
 * strings are in the start-up catalogs (`common`, `session`, `errors`; shared/i18n.ts).
 */
const firstScreen = (load: () => Promise<PageModule>) => async () => ({
  Component: (await withChunkTimeout(load)).default,
});
/** Any other fixed page's lazy module, resolved with every area's catalogs. */
const page = (load: () => Promise<PageModule>) => firstScreen(withCatalogs(load));

/** Open routes (SPEC §2.1): no session needed. */
const OPEN_VIEWS: RouteObject[] = [
  { path: 'monitor', lazy: lazyView('monitor'), handle: { title: 'common:routes.monitor' } },
  { path: 'ranks/views', lazy: lazyView('ranksViews'), handle: { title: 'common:routes.ranksViews' } },
  { path: 'ranks/open-views', lazy: lazyView('ranksOpenViews'), handle: { title: 'common:routes.ranksOpenViews' } },
];

/** Session routes with a fixed path; further session routes come from the server menu. */
const FIXED_SESSION_VIEWS: { path: string; view: string }[] = [
  { path: 'home', view: 'home' },
  { path: 'expand-words', view: 'expandWords' },
  { path: 'ranks', view: 'ranks' },
  { path: 'enterprise/auth', view: 'enterpriseAuth' },
  { path: 'cost/detail', view: 'cost' },
  { path: 'manage/company-manage/info', view: 'companyManage' },
  { path: 'operator/review', view: 'operatorReview' },
];

/** What / renders for the moment its loader takes to redirect to /home: nothing. */
function RedirectingToHome() {
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: keyLoader,
    shouldRevalidate: ({ nextUrl }) => nextUrl.searchParams.has('key'),
    Component: RootShell,
    errorElement: <RouteError />,
    HydrateFallback: PageSpin,
    children: [
      {
        // The pages open without a session (and the session's own steps), under a language switch.
        Component: OpenLayout,
        children: [
          {
            path: 'login',
            loader: loginLoader,
            lazy: firstScreen(() => import('../features/session/pages/LoginPage')),
            handle: { title: 'session:title.login' },
          },
          {
            path: 'register',
            loader: loginLoader,
            lazy: firstScreen(() => import('../features/session/pages/RegisterPage')),
            handle: { title: 'session:title.register' },
          },
          {
            path: 'bind-mobile',
            loader: bindMobileLoader,
            lazy: firstScreen(() => import('../features/session/pages/BindMobilePage')),
            handle: { title: 'session:title.bindMobile' },
          },
          {
            path: 'choose-company',
            loader: chooseCompanyLoader,
            lazy: firstScreen(() => import('../features/session/pages/ChooseCompanyPage')),
            handle: { title: 'session:title.chooseCompany' },
          },
          {
            path: '404',
            lazy: firstScreen(() => import('../features/errors/pages/NotFound')),
            handle: { title: 'errors:404.title' },
          },
          {
            path: '403',
            lazy: firstScreen(() => import('../features/errors/pages/Forbidden')),
            handle: { title: 'errors:403.title' },
          },
          {
            path: '401',
            lazy: firstScreen(() => import('../features/errors/pages/Unauthorized')),
            handle: { title: 'errors:401.title' },
          },
          ...OPEN_VIEWS,
        ],
      },
      {
        id: 'layout',
        loader: guardLoader,
        shouldRevalidate: () => true,
        lazy: page(() => import('./layout/Layout')),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              // A Component, though the loader always redirects: a leaf without one makes React Router warn in the
              // console on every visit to / (the navbar's 工作台 links there).
              { index: true, loader: () => redirect('/home'), Component: RedirectingToHome },
              ...FIXED_SESSION_VIEWS.map(({ path, view }) => ({
                path,
                lazy: lazyView(view),
                handle: { title: `common:routes.${view}` },
              })),
              { path: '*', Component: DynamicView },
            ],
          },
        ],
      },
    ],
  },
];

let instance: ReturnType<typeof createBrowserRouter> | undefined;

/** The console's router, created on first use: the boot creates it in a task of its own (it matches the address). */
export function appRouter() {
  instance ??= createBrowserRouter(routes);
  return instance;
}
