/**
 * What antd expects of a browser and jsdom lacks (media queries, element resize observation), for the component
 * tests (`// @vitest-environment happy-dom`, or `jsdom` where a file needs it: vite.config.ts). Imported first by
 * ./render.
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
 * jsdom keeps each element's computed style until the document changes (its own cache, dropped at any change of a
 * node, an attribute, a text or a stylesheet), but hands out a copy of it at each call, and the copy works out every
 * property's value, walking the ancestors for each inherited one. Testing Library's role queries and user-event's
 * pointer check ask for an element and each of its ancestors, again at every retry of a findBy: a click on a button
 * of OperatorReviewPage's order table took 6.5 s of copies (a profile), 0.2 s with the style kept. So the style
 * jsdom gave is kept for as long as jsdom keeps its own: while its cache is the same object (a dropped cache is a new
 * one), no longer. Elements outside the document, pseudo-elements, and a jsdom without that cache are computed every
 * time.
 */
const computeStyle = window.getComputedStyle.bind(window);
const jsdomDocument = (document as unknown as Record<symbol, { _styleCache?: object }>)[
  Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl') ?? Symbol()
];
let keptFor: object | undefined;
let keptStyles = new WeakMap<Element, CSSStyleDeclaration>();
window.getComputedStyle = (element: Element, pseudo?: string | null) => {
  const jsdomKept = jsdomDocument?._styleCache;
  if (pseudo || !jsdomKept || element.ownerDocument !== document || !element.isConnected) {
    return computeStyle(element, pseudo);
  }
  if (jsdomKept !== keptFor) {
    keptFor = jsdomKept;
    keptStyles = new WeakMap();
  }
  let style = keptStyles.get(element);
  if (!style) {
    style = computeStyle(element);
    keptStyles.set(element, style);
  }
  return style;
};
