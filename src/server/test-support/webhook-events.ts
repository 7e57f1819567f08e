import type { ExportReadyData, LiveEvent } from '../../api/bff-schema.gen.ts';
import { computeSignature } from '../webhooks/verify-signature.ts';

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

/** The demo's webhook signing secret (the harness's default). */
export const DEMO_WEBHOOK_SECRET = 'whsec_demo_cutroom';

/** Delivers `exportReadyEvent(id)`, signed, to a listening BFF's webhook receiver. */
export async function deliverSigned(
  port: number,
  id: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = Buffer.from(JSON.stringify(exportReadyEvent(id)));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`http://127.0.0.1:${port}/webhooks/vcs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-service-timestamp': timestamp,
      'x-service-signature': computeSignature(DEMO_WEBHOOK_SECRET, timestamp, body),
    },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
