import { describe, expect, it } from 'vitest';
import { effectsOfEvent, pollingIntervalMs } from './event-effects.ts';

const event = (type: string, data: Record<string, unknown> = {}) => ({
  id: `evt_${type}`,
  type,
  created_at: '2026-11-22T00:00:00Z',
  data,
});

describe('effectsOfEvent', () => {
  it('export.ready refreshes that project’s exports and toasts with the download', () => {
    const effects = effectsOfEvent(
      event('export.ready', {
        project_id: 'p1',
        export_id: 'e1',
        download_url: 'https://cdn.test/e1.mp4',
        expires_at: '2026-11-23T00:00:00Z',
      }),
    );
    expect(effects.invalidate).toContainEqual(['exports', 'p1']);
    expect(effects.subject).toEqual({ ids: ['e1'], key: 'outcome:e1' });
    expect(effects.toast).toMatchObject({
      id: 'evt_export.ready',
      tone: 'success',
      title: 'Export ready',
      href: 'https://cdn.test/e1.mp4',
    });
  });
  it('does not toast an export job twice (export.ready already did)', () => {
    const done = effectsOfEvent(event('job.complete', { type: 'export', export_id: 'e1' }));
    expect(done.invalidate).toContainEqual(['jobs']);
    expect(done.toast).toBeUndefined();
    expect(effectsOfEvent(event('job.failed', { export_id: 'e1' })).toast).toBeUndefined();
  });

  it('job events refresh jobs and toast finished and failed work', () => {
    const done = effectsOfEvent(event('job.complete', { type: 'clip', job_id: 'j1' }));
    expect(done.invalidate).toContainEqual(['jobs']);
    expect(done.invalidate).toContainEqual(['credits']);
    expect(done.subject).toEqual({ ids: ['j1'], key: 'outcome:j1' });
    expect(done.toast).toMatchObject({ tone: 'success', title: 'clip finished' });
    const failed = effectsOfEvent(event('job.failed', { error: 'Out of credits' }));
    expect(failed.toast).toMatchObject({ tone: 'error', detail: 'Out of credits' });
  });
  it('faceless, transcription and media events refresh their screens without a toast', () => {
    expect(effectsOfEvent(event('faceless.complete', { project_id: 'p9' }))).toEqual({
      invalidate: [['faceless-plans', 'p9']],
    });
    const media = effectsOfEvent(event('transcription.complete'));
    expect(media.invalidate).toEqual([['media'], ['clips']]);
    expect(media.toast).toBeUndefined();
  });
  it('ignores unknown events', () => {
    expect(effectsOfEvent(event('something.new'))).toEqual({ invalidate: [] });
  });
});

describe('pollingIntervalMs', () => {
  it('backs off to a ceiling', () => {
    expect([0, 1, 2, 3, 10].map(pollingIntervalMs)).toEqual([5000, 10000, 20000, 30000, 30000]);
  });
});
