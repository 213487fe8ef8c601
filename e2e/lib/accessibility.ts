import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core, the accessibility checker, as the page runs it (evaluated: the console's CSP forbids a script tag). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2 A and AA problems axe-core finds on the screen as it stands, each with where: a field or a progress bar
 * without a name, a scrolling area the keyboard cannot reach, a wrong role. Two are left out, both antd's own:
 * colour contrast (the brand blue #1677ff of its prebuilt stylesheet is 4.1:1 on white, README "Accessibility"),
 * and a tab bar that holds its list's tools (antd puts tabBarExtraContent inside its role=tablist).
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[]; html: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<Result> } }).axe;
    const { violations } = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    return violations.flatMap((v) =>
      v.nodes
        .filter((n) => !(v.id === 'aria-required-children' && n.target.join(' ').endsWith('.ant-tabs-nav')))
        .map((n) => `${v.id}: ${n.html.slice(0, 160)}`),
    );
  });
}
