import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';

/**
 * WCAG 2.5.3 (label in name), as axe's `label-content-name-mismatch` reads it: a control's accessible
 * name must contain, word for word, the text it shows, so "click EN" in voice control finds the button
 * that shows "EN". The browser tests run axe itself (e2e/accessibility.spec.ts); this is the fast check.
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/\([^()]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean);

function containsInOrder(name: string[], shown: string[]): boolean {
  for (let start = 0; start + shown.length <= name.length; start += 1) {
    if (shown.every((word, index) => name[start + index] === word)) return true;
  }
  return false;
}

/** The text a control shows: its text nodes, each a separate word run (as the eye reads them). */
function shownText(element: Element): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? '');
  return parts.join(' ');
}

/** Every button and link inside `container` with its accessible name, as Testing Library computes it. */
function namedControls(container: HTMLElement): { element: HTMLElement; name: string }[] {
  const found: { element: HTMLElement; name: string }[] = [];
  for (const role of ['button', 'link'] as const) {
    within(container).queryAllByRole(role, {
      name: (name, element) => {
        found.push({ element: element as HTMLElement, name });
        return true;
      },
    });
  }
  return found;
}

function expectLabelsInNames(container: HTMLElement) {
  const controls = namedControls(container);
  expect(controls.length).toBeGreaterThan(0);
  for (const { element, name } of controls) {
    expect(name.trim(), `${element.outerHTML.slice(0, 120)} has no name`).not.toBe('');
    const shown = words(shownText(element));
    expect(containsInOrder(words(name), shown), `"${name}" should contain "${shown.join(' ')}"`).toBe(true);
  }
}

describe('navbar accessible names', () => {
  it.each([
    ['a visitor', '/', null],
    ['a visitor in Spanish', '/es/login', null],
    ['a signed-in user', '/', buildCurrentUser({ username: 'alice' })],
    ['a signed-in user in Spanish', '/es', buildCurrentUser({ username: 'alberto' })],
  ])('should name every navbar control with the text it shows, for %s', async (_who, path, user) => {
    renderApp({ path, user });
    expectLabelsInNames(await screen.findByTestId('navbar-desktop'));
    expectLabelsInNames(screen.getByTestId('navbar-mobile'));
  });

  it('should name the language button with the language it shows', async () => {
    renderApp({ path: '/es' });
    const desktop = await screen.findByTestId('navbar-desktop');
    expect(within(desktop).getByRole('button', { name: 'Cambiar idioma: ES' })).toHaveTextContent('ES');
  });

  it('should name every entry of the mobile menu with the text it shows', async () => {
    renderApp({ path: '/', user: buildCurrentUser({ username: 'alice' }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open menu' }));
    expectLabelsInNames(await screen.findByRole('dialog', { name: 'Menu' }));
  });
});
