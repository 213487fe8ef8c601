// @vitest-environment jsdom
import './dom';
import { afterEach, expect, it } from 'vitest';

/** The computed styles the component tests read (test/dom.ts keeps them): as fresh as jsdom's own answer. */
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const sheet = (css: string) => {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return style;
};

it('keeps a style while nothing changes, and follows a class, an inline style, a new rule and a rule’s text', () => {
  sheet('.off { pointer-events: none } .gone { display: none }');
  const outer = document.createElement('div');
  const button = document.createElement('button');
  outer.append(button);
  document.body.append(outer);
  const first = getComputedStyle(button);
  expect(getComputedStyle(button)).toBe(first);
  expect(first.pointerEvents).toBe('auto');

  outer.className = 'off';
  expect(getComputedStyle(button).pointerEvents).toBe('none');
  outer.className = '';
  expect(getComputedStyle(button).pointerEvents).toBe('auto');

  button.style.display = 'none';
  expect(getComputedStyle(button).display).toBe('none');
  button.removeAttribute('style');
  expect(getComputedStyle(button).display).toBe('inline-block');

  const late = sheet('button { visibility: hidden }');
  expect(getComputedStyle(button).visibility).toBe('hidden');
  late.textContent = 'button { visibility: visible }';
  expect(getComputedStyle(button).visibility).toBe('visible');
});

it('computes an element outside the document afresh', () => {
  const loose = document.createElement('span');
  expect(getComputedStyle(loose)).not.toBe(getComputedStyle(loose));
});
