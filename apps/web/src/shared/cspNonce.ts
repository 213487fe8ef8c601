/**
 * The nonce of this page's Content-Security-Policy (the server writes a new one into every index.html): styles the
 * console adds while it runs — antd's theme variables, the editor's rules — carry it, or the browser refuses them.
 * Undefined on the dev server, which sends no policy.
 */
export const cspNonce: string | undefined =
  typeof document === 'undefined'
    ? undefined
    : ([...document.querySelectorAll<HTMLMetaElement>('meta[name="csp-nonce"]')].at(-1)?.content ?? undefined) ||
      undefined;

/**
 * Every <style> element the console's own code creates gets the nonce: antd's table measures the scroll bar with a
 * throw-away <style> (rc-util's getScrollBarSize) and offers no way to pass one. Only scripts of this server run
 * (script-src 'self'), so this lends the nonce to nothing a page injection could reach.
 */
export function lendNonceToStyles(): void {
  const nonce = cspNonce;
  if (!nonce) return;
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const el = create.call(this, tagName, options);
    if (el instanceof HTMLStyleElement && !el.nonce) el.nonce = nonce;
    return el;
  } as typeof create;
}
