import { describe, expect, it } from 'vitest';
import { isActivatable, isTypingTarget } from './keyboard-target.ts';

function element(html: string, selector: string): Element {
  document.body.innerHTML = html;
  return document.querySelector(selector)!;
}

describe('keys the shortcuts leave alone', () => {
  it('are typed into fields and editable areas, or pressed in dialogs, menus and lists', () => {
    expect(isTypingTarget(element('<input type="text">', 'input'))).toBe(true);
    expect(isTypingTarget(element('<input type="number">', 'input'))).toBe(true);
    expect(isTypingTarget(element('<textarea></textarea>', 'textarea'))).toBe(true);
    expect(isTypingTarget(element('<select></select>', 'select'))).toBe(true);
    expect(isTypingTarget(element('<div role="dialog"><button>OK</button></div>', 'button'))).toBe(
      true,
    );
    expect(isTypingTarget(element('<input type="checkbox">', 'input'))).toBe(false);
    expect(isTypingTarget(element('<div tabindex="0">canvas</div>', 'div'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('Space activates buttons and links: those keep it', () => {
    expect(isActivatable(element('<button>Play</button>', 'button'))).toBe(true);
    expect(isActivatable(element('<a href="/x"><span>x</span></a>', 'span'))).toBe(true);
    expect(isActivatable(element('<div tabindex="0">canvas</div>', 'div'))).toBe(false);
  });
});
