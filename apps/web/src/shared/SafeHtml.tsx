import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The one place HTML is rendered in the console: sanitized with DOMPurify. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
