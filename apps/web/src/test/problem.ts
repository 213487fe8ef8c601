import { HttpResponse } from 'msw';

/** A server failure as the server answers it (a problem document, 500): the request client toasts it. */
export const serverFailure = () =>
  HttpResponse.json(
    { status: 500, title: '服务器错误' },
    { status: 500, headers: { 'content-type': 'application/problem+json' } },
  );
