/**
 * What antd expects of a browser and jsdom lacks (media queries, element resize observation), for the component
 * tests (`// @vitest-environment jsdom`). Imported first by ./render.
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * jsdom computes a style by matching every rule of every stylesheet (antd's CSS-in-JS injects many) at each call, and
 * Testing Library's role queries and user-event's pointer check ask it for an element and each of its ancestors, again
 * at every retry of a findBy: about three quarters of OperatorReviewPage.test's CPU went there (a profile), 29–34 s of
 * tests that take 7 s with styles kept. An element's style is kept until anything could change it: any change to the
 * document (seen at once through MutationObserver.takeRecords, before the answer), or an event that moves focus,
 * hover, a form control's state or the viewport. Elements outside the document, and pseudo-elements, are computed
 * every time. (A rule added through the CSSOM alone, which antd does not do, would not be seen.)
 */
const computeStyle = window.getComputedStyle.bind(window);
let keptStyles = new WeakMap<Element, CSSStyleDeclaration>();
const forgetStyles = () => {
  keptStyles = new WeakMap();
};
const documentChanges = new MutationObserver(forgetStyles);
documentChanges.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
for (const type of [
  'focus',
  'blur',
  'focusin',
  'focusout',
  'pointerover',
  'pointerout',
  'pointerdown',
  'pointerup',
  'mouseover',
  'mouseout',
  'mousedown',
  'mouseup',
  'click',
  'keydown',
  'keyup',
  'input',
  'change',
  'scroll',
  'resize',
])
  window.addEventListener(type, forgetStyles, { capture: true });
window.getComputedStyle = (element: Element, pseudo?: string | null) => {
  if (pseudo || element.ownerDocument !== document || !element.isConnected) return computeStyle(element, pseudo);
  if (documentChanges.takeRecords().length) forgetStyles();
  let style = keptStyles.get(element);
  if (!style) {
    style = computeStyle(element);
    keptStyles.set(element, style);
  }
  return style;
};
