import { describe, expect, it } from 'vitest';
import type { Export } from '@/api/schema.gen.ts';
import { exportFacts, exportState, exportTitle } from './export-facts.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const done: Export = {
  export_id: 'e1',
  status: 'complete',
  expires_at: '2026-11-30T00:00:00Z',
  duration_seconds: 42,
  file_size_bytes: 5 * 1024 * 1024,
  platform_metadata: { resolution: '1080p', rendered_at: '2026-11-22T12:00:00Z' },
};

describe('export facts', () => {
  it('a complete export whose link lapsed is expired, whatever its status says', () => {
    expect(exportState(done, now)).toBe('complete');
    expect(exportState({ ...done, expires_at: '2026-11-23T00:00:00Z' }, now)).toBe('expired');
    expect(exportState({ ...done, status: 'rendering' }, now)).toBe('rendering');
    expect(exportState({ ...done, status: 'failed' }, now)).toBe('failed');
  });
  it('names an export by its render, resolution, length and size', () => {
    expect(exportFacts(done)).toBe('1080p · 0:42 · 5.0 MiB');
    expect(exportTitle(done)).toMatch(/^Rendered Nov 22, 2026, /);
    expect(exportTitle({ ...done, status: 'rendering' })).toBe('Rendering');
    expect(exportTitle({ export_id: 'e2', status: 'complete' })).toBe('Export');
  });
});
