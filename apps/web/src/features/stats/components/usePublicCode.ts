import { useSearchParams } from 'react-router';

/** The public dashboard code of an open view's address (?code=…). */
export function usePublicCode(): string {
  const [params] = useSearchParams();
  return params.get('code') ?? '';
}
