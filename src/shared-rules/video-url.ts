/**
 * Addresses of the video site clips can be cut from (the reference's source preview has platform
 * `youtube`): which hosts, where the video id sits, what an id looks like. Pure, so the client
 * checks an address before asking the service and the simulator applies the same reading.
 */
export const VIDEO_SITE_HOSTS: readonly string[] = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
];

const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

export type VideoUrlProblem =
  'empty' | 'not_url' | 'scheme' | 'unsupported_site' | 'no_video_id' | 'bad_video_id';

export type VideoUrlCheck =
  | { ok: true; videoId: string; url: string }
  | { ok: false; problem: VideoUrlProblem; message: string };

/** The video id in an address of the video site, or null (not the site, or no id). */
export function videoIdOf(url: URL): string | null {
  if (!VIDEO_SITE_HOSTS.includes(url.hostname)) return null;
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0] || null;
  if (url.pathname.startsWith('/shorts/') || url.pathname.startsWith('/live/')) {
    return url.pathname.split('/')[2] || null;
  }
  return url.searchParams.get('v');
}

export const isVideoId = (id: string): boolean => VIDEO_ID.test(id);

/** Reads a pasted address; a refusal says what is wrong in words a person can act on. */
export function checkVideoUrl(raw: string): VideoUrlCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, problem: 'empty', message: 'Paste the address of a video.' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return {
      ok: false,
      problem: 'not_url',
      message: 'That is not a web address. Paste the full address from the browser’s address bar.',
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      problem: 'scheme',
      message: 'The address must start with https:// (or http://).',
    };
  }
  if (!VIDEO_SITE_HOSTS.includes(url.hostname)) {
    return {
      ok: false,
      problem: 'unsupported_site',
      message: `Clips can be cut from youtube.com and youtu.be videos, not from ${url.hostname}. Upload the file to the media library instead.`,
    };
  }
  const videoId = videoIdOf(url);
  if (!videoId) {
    return {
      ok: false,
      problem: 'no_video_id',
      message: 'This address does not point at one video. Open the video and copy its address.',
    };
  }
  if (!isVideoId(videoId)) {
    return {
      ok: false,
      problem: 'bad_video_id',
      message: `“${videoId}” is not a video id: ids are 6 to 20 letters, digits, - or _.`,
    };
  }
  return { ok: true, videoId, url: url.toString() };
}
