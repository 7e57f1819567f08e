import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema.gen.ts';
import { PAST_TOLERANCE_MS, preflightPost, type PreflightInput } from './publishing-preflight.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const connection: components['schemas']['PublishingConnection'] = {
  connection_id: 'c1',
  platform: 'shortform',
  account_name: '@acct',
  status: 'connected',
  publish_modes: ['direct_post', 'inbox_draft'],
  min_duration_seconds: 3,
  max_duration_seconds: 180,
  max_file_size_bytes: 1024 ** 3,
  max_slideshow_images: 3,
};
const ready = {
  export_id: 'e1',
  status: 'complete',
  expires_at: '2026-03-08T12:00:00Z',
  duration_seconds: 30,
  file_size_bytes: 30_000_000,
};
const base: PreflightInput = {
  export: ready,
  imageIds: [],
  connection,
  publishMode: 'direct_post',
  scheduledFor: now + 3_600_000,
  now,
};
const codes = (input: Partial<PreflightInput>) =>
  preflightPost({ ...base, ...input }).map((refusal) => refusal.code);

describe('preflightPost', () => {
  it('passes a complete, live export to a connected account in the future', () => {
    expect(codes({})).toEqual([]);
  });
  it('refuses an expired or unfinished export', () => {
    expect(codes({ export: { ...ready, expires_at: '2026-03-01T11:59:00Z' } })).toEqual([
      'export_expired',
    ]);
    expect(codes({ export: { ...ready, status: 'rendering' } })).toEqual(['export_not_complete']);
  });
  it('refuses a time in the past beyond the tolerance, and a missing time', () => {
    expect(codes({ scheduledFor: now - PAST_TOLERANCE_MS + 1000 })).toEqual([]);
    expect(codes({ scheduledFor: now - PAST_TOLERANCE_MS - 1000 })).toEqual(['time_in_past']);
    expect(codes({ scheduledFor: null })).toEqual(['time_missing']);
  });
  it('refuses a missing, expired or mode-less connection', () => {
    expect(codes({ connection: null })).toEqual(['connection_missing']);
    expect(codes({ connection: { ...connection, status: 'expired' } })).toEqual([
      'connection_not_connected',
    ]);
    expect(
      codes({
        connection: { ...connection, publish_modes: ['direct_post'] },
        publishMode: 'inbox_draft',
      }),
    ).toEqual(['publish_mode_unsupported']);
  });
  it('refuses an unsupported duration or size, and too many slideshow images', () => {
    expect(codes({ export: { ...ready, duration_seconds: 181 } })).toEqual(['duration_too_long']);
    expect(codes({ export: { ...ready, duration_seconds: 2 } })).toEqual(['duration_too_short']);
    expect(codes({ export: { ...ready, file_size_bytes: 2 * 1024 ** 3 } })).toEqual([
      'file_too_large',
    ]);
    expect(codes({ export: null, imageIds: ['a', 'b', 'c', 'd'] })).toEqual(['too_many_images']);
    expect(codes({ export: null, imageIds: [] })).toEqual(['nothing_to_post']);
  });
});
