import { describe, expect, it } from 'vitest';
import { checkVideoUrl } from './video-url.ts';

describe('checkVideoUrl', () => {
  it('reads the video id from the site’s address forms', () => {
    for (const raw of [
      'https://www.youtube.com/watch?v=abcDEF12345',
      'youtube.com/watch?v=abcDEF12345&t=30',
      'https://youtu.be/abcDEF12345',
      'https://m.youtube.com/shorts/abcDEF12345',
      '  https://www.youtube.com/live/abcDEF12345  ',
    ]) {
      const check = checkVideoUrl(raw);
      expect(check.ok && check.videoId).toBe('abcDEF12345');
    }
  });
  it('says what is wrong with an address before anything is sent', () => {
    const problem = (raw: string) => {
      const check = checkVideoUrl(raw);
      return check.ok ? null : check.problem;
    };
    expect(problem('')).toBe('empty');
    expect(problem('http://exa mple')).toBe('not_url');
    expect(problem('ftp://youtube.com/watch?v=abcDEF12345')).toBe('scheme');
    expect(problem('https://vimeo.com/123456')).toBe('unsupported_site');
    expect(problem('https://www.youtube.com/feed/trending')).toBe('no_video_id');
    expect(problem('https://youtu.be/ab!')).toBe('bad_video_id');
  });
});
