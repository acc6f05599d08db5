import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

/**
 * axe-core in the browser, without @axe-core/playwright (it needs Node 22). The source is evaluated
 * through the DevTools protocol rather than added as a <script> tag, so the page's CSP (script nonces)
 * does not block it and the page under test keeps its real headers.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What fails the check: the two highest of axe's four impact levels. */
const BLOCKING: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

export type A11yViolation = Pick<Result, 'id' | 'impact' | 'help' | 'helpUrl'> & {
  nodes: { target: string; html: string; summary: string }[];
};

async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
}

/**
 * Runs every axe rule on the whole document (nothing excluded, no rule disabled) and returns the serious
 * and critical violations. Animations are waited out first: a modal half faded in reports contrast on
 * colours that are not the final ones.
 */
export async function seriousViolations(page: Page): Promise<A11yViolation[]> {
  await settle(page);
  await injectAxe(page);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? null))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' > '),
        html: node.html,
        summary: node.failureSummary ?? '',
      })),
    }));
}

/** One readable block per violation: rule id, impact, help, and the first few node targets. */
export function formatViolations(label: string, violations: A11yViolation[], nodesShown = 5): string {
  const lines = [`${label}: ${violations.length} serious/critical axe violation(s)`];
  for (const violation of violations) {
    lines.push(`- ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}`);
    for (const node of violation.nodes.slice(0, nodesShown)) {
      lines.push(`    ${node.target}`, `      ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`);
      const detail = node.summary.split('\n').slice(1, 2).join(' ').trim();
      if (detail) lines.push(`      ${detail}`);
    }
  }
  return lines.join('\n');
}

/**
 * Waits until no finite CSS animation or transition is running (Mantine's modals and menus fade in);
 * endless ones (loaders, skeletons) are not waited for. A page that keeps starting transitions (live
 * prices) is checked as it is after a few seconds rather than failing the wait.
 */
async function settle(page: Page): Promise<void> {
  const quiet = page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 3_000 },
  );
  await quiet.catch(() => undefined);
}
