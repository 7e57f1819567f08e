import { describe, expect, it } from 'vitest';
import { characterCount, checkDisplayName, checkNoteBody, NOTE_BODY_MAX } from './note-text.ts';

describe('a note’s text', () => {
  it('keeps plain text, links and harmless markup exactly as written', () => {
    for (const body of [
      'Scene 3: the narration says “dusk” but the keyframe is noon.',
      'See https://example.com/ref?a=1&b=2 — and <b>this</b> stays text.\nSecond line\ttabbed',
      'if a < b and c > d, fine',
      'onion=3 is not a handler; neither is <p>onload</p>',
      '🎬'.repeat(NOTE_BODY_MAX),
    ]) {
      expect(checkNoteBody(body)).toEqual({ ok: true, value: body });
    }
  });

  it('refuses empty and blank notes, naming the field', () => {
    expect(checkNoteBody('')).toMatchObject({ ok: false, param: 'body' });
    expect(checkNoteBody(' \n\t ')).toMatchObject({ ok: false, param: 'body' });
    expect(checkNoteBody('', 'reply')).toMatchObject({ ok: false, param: 'reply' });
  });

  it('counts characters as a person does, and refuses past 4,000', () => {
    expect(characterCount('🎬a')).toBe(2);
    expect(checkNoteBody('a'.repeat(NOTE_BODY_MAX)).ok).toBe(true);
    const long = checkNoteBody('a'.repeat(NOTE_BODY_MAX + 1));
    expect(long).toMatchObject({ ok: false, param: 'body' });
    expect(long.ok ? '' : long.message).toContain('4,001 characters');
    expect(checkNoteBody('🎬'.repeat(NOTE_BODY_MAX + 1)).ok).toBe(false);
  });

  it('refuses script in its usual disguises', () => {
    for (const body of [
      '<script>alert(1)</script>',
      'hello < SCRIPT src=//x>',
      'x </script >',
      '<img src=x onerror=alert(1)>',
      '<svg/onload=alert(1)>',
      '<a href="#" onclick = "steal()">click</a>',
      '<a href="javascript:alert(1)">x</a>',
      'open JavaScript :void(0)',
      'vbscript:msgbox',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      const checked = checkNoteBody(body);
      expect(checked, body).toMatchObject({ ok: false, param: 'body' });
      expect(checked.ok ? '' : checked.message).toMatch(/plain text/);
    }
  });

  it('refuses control characters', () => {
    expect(checkNoteBody('a\u0000b')).toMatchObject({ ok: false, param: 'body' });
    expect(checkNoteBody('bell\u0007')).toMatchObject({ ok: false });
  });
});

describe('a display name', () => {
  it('is one trimmed line of plain text, up to 80 characters', () => {
    expect(checkDisplayName('  Dana Reviewer ')).toEqual({ ok: true, value: 'Dana Reviewer' });
    expect(checkDisplayName('Zoë <Producer>')).toEqual({ ok: true, value: 'Zoë <Producer>' });
    expect(checkDisplayName('a'.repeat(81))).toMatchObject({ ok: false, param: 'display_name' });
    expect(checkDisplayName('two\nlines')).toMatchObject({ ok: false, param: 'display_name' });
    expect(checkDisplayName('   ')).toMatchObject({ ok: false, param: 'display_name' });
    expect(checkDisplayName('<script>x</script>')).toMatchObject({ ok: false });
  });
});
