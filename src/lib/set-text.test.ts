// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { setText } from './set-text.ts';

describe('setText', () => {
  it('changes the text node in place, and writes nothing when the text is the same', () => {
    const element = document.createElement('output');
    element.textContent = '0:00:00';
    const node = element.firstChild;
    setText(element, '0:00:01');
    expect(element.textContent).toBe('0:00:01');
    expect(element.firstChild).toBe(node);
    let writes = 0;
    new MutationObserver((records) => (writes += records.length)).observe(element, {
      characterData: true,
      childList: true,
      subtree: true,
    });
    setText(element, '0:00:01');
    return Promise.resolve().then(() => expect(writes).toBe(0));
  });

  it('replaces anything else with the text', () => {
    const element = document.createElement('span');
    element.innerHTML = '<b>a</b>b';
    setText(element, 'c');
    expect(element.innerHTML).toBe('c');
    const empty = document.createElement('span');
    setText(empty, 'd');
    expect(empty.textContent).toBe('d');
  });
});
