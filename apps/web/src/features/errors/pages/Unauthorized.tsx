import { ErrorPage } from './ErrorPage';

export default function Unauthorized() {
  return <ErrorPage code={401} />;
}
