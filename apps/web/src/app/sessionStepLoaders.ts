import { sessionRoutes } from '@huoke/contracts/routes/session';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { safeRedirect } from '../features/session/safeRedirect';
import { call } from '../shared/call';
import { fetchCompanies } from '../shared/sessionApi';
import { tokenLoader } from './guard';

/** Where a login step that does not apply sends the user: on to its redirect target, else /. */
const onwards = (request: Request) => redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));

/** /bind-mobile only for an account without a mobile (it asked one that had a mobile to bind one). */
export async function bindMobileLoader(args: LoaderFunctionArgs) {
  await tokenLoader(args);
  const info = await call(sessionRoutes.userInfo, {}, { silent: true }).catch(() => null);
  if (info?.profile.phone) throw onwards(args.request);
  return null;
}

/** /choose-company only for a member of several companies (it told a member of one that they had several). */
export async function chooseCompanyLoader(args: LoaderFunctionArgs) {
  await tokenLoader(args);
  const companies = await fetchCompanies();
  if (companies.length <= 1) throw onwards(args.request);
  return null;
}
