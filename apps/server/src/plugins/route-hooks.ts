import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Adds a hook to one route from an `onRoute` hook: the concern then costs only the routes it is for. A global hook
 * runs on every request (share pages, the tracking beacon, static files) even when it returns at once.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown, first = false): void {
  const own = route[name];
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own];
  (route as unknown as Record<HookName, unknown[]>)[name] = first ? [hook, ...list] : [...list, hook];
}
