import type { ExportReadyData, LiveEvent } from '../../api/bff-schema.gen.ts';

/**
 * An `export.ready` webhook event as the contract declares it (openapi.yaml WebhookEvent), for
 * tests that deliver events to the receiver: a known event that breaks the contract is refused.
 */
export function exportReadyEvent(
  id: string,
  data: Partial<ExportReadyData> = {},
  createdAt = '2025-06-15T12:00:00Z',
): LiveEvent {
  return {
    id,
    type: 'export.ready',
    created_at: createdAt,
    data: {
      organization_id: 'org_alpha',
      project_id: 'p1',
      export_id: 'x1',
      download_url: 'https://cdn.example/x1.mp4',
      expires_at: '2025-06-16T12:00:00Z',
      ...data,
    },
  };
}
