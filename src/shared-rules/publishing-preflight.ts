/**
 * What would make the platform (or the service) refuse a post, checked before anything is sent.
 * The scheduler shows every refusal; the simulator applies the same rules and answers the first
 * one as a 400 naming its field, so the rule lives here once.
 */
import type { components, Export, PublishMode } from '@/api/schema.gen.ts';
import { formatBytes } from '@/lib/format.ts';

type Connection = components['schemas']['PublishingConnection'];

/** A post may be sent for "now" even if the clock moved on a little while the form was open. */
export const PAST_TOLERANCE_MS = 5 * 60_000;

export interface PreflightInput {
  /** The export to post, or null for a slideshow. */
  export: Export | null;
  /** Slideshow image ids in order (empty for an export). */
  imageIds: readonly string[];
  connection: Connection | null;
  publishMode: PublishMode;
  /** Epoch ms of the publication, or null when the date or time is missing or invalid. */
  scheduledFor: number | null;
  now: number;
}

export interface Refusal {
  /** The request field at fault, as the service would name it. */
  param:
    'export_id' | 'source_media_asset_ids' | 'connection_id' | 'publish_mode' | 'scheduled_for';
  code: string;
  message: string;
}

export function preflightPost(input: PreflightInput): Refusal[] {
  const refusals: Refusal[] = [];
  const { connection, now } = input;
  const exported = input.export;

  if (exported === null && input.imageIds.length === 0) {
    refusals.push({
      param: 'export_id',
      code: 'nothing_to_post',
      message: 'Choose a completed export, or images for a slideshow.',
    });
  }
  if (exported !== null) {
    if (exported.status !== 'complete') {
      refusals.push({
        param: 'export_id',
        code: 'export_not_complete',
        message: `The export is ${exported.status}, not complete. Wait for the render to finish.`,
      });
    }
    if (exported.expires_at && Date.parse(exported.expires_at) <= now) {
      refusals.push({
        param: 'export_id',
        code: 'export_expired',
        message:
          'The export has expired: its file is gone. Export the project again, then post the new export.',
      });
    }
  }

  if (connection === null) {
    refusals.push({
      param: 'connection_id',
      code: 'connection_missing',
      message: 'Choose the account to post to. Connect one first if the list is empty.',
    });
  } else {
    if (connection.status !== 'connected') {
      refusals.push({
        param: 'connection_id',
        code: 'connection_not_connected',
        message: `${connection.account_name} is ${connection.status}: reconnect it before posting.`,
      });
    }
    if (!connection.publish_modes.includes(input.publishMode)) {
      refusals.push({
        param: 'publish_mode',
        code: 'publish_mode_unsupported',
        message: `${connection.account_name} does not accept ${modeLabel(input.publishMode)}.`,
      });
    }
    if (exported !== null) {
      const duration = exported.duration_seconds;
      if (duration != null && duration > connection.max_duration_seconds) {
        refusals.push({
          param: 'export_id',
          code: 'duration_too_long',
          message: `The video is ${Math.round(duration)} s; ${connection.account_name} takes at most ${connection.max_duration_seconds} s.`,
        });
      }
      if (duration != null && duration < connection.min_duration_seconds) {
        refusals.push({
          param: 'export_id',
          code: 'duration_too_short',
          message: `The video is ${duration} s; ${connection.account_name} needs at least ${connection.min_duration_seconds} s.`,
        });
      }
      const size = exported.file_size_bytes;
      if (size != null && size > connection.max_file_size_bytes) {
        refusals.push({
          param: 'export_id',
          code: 'file_too_large',
          message: `The file is ${formatBytes(size)}; ${connection.account_name} takes at most ${formatBytes(connection.max_file_size_bytes)}.`,
        });
      }
    }
    if (input.imageIds.length > connection.max_slideshow_images) {
      refusals.push({
        param: 'source_media_asset_ids',
        code: 'too_many_images',
        message: `A slideshow on ${connection.account_name} has at most ${connection.max_slideshow_images} images; this one has ${input.imageIds.length}.`,
      });
    }
  }

  if (input.scheduledFor === null) {
    refusals.push({
      param: 'scheduled_for',
      code: 'time_missing',
      message: 'Choose a date and time to publish.',
    });
  } else if (input.scheduledFor < now - PAST_TOLERANCE_MS) {
    refusals.push({
      param: 'scheduled_for',
      code: 'time_in_past',
      message: 'That time has already passed. Choose a time in the future, or post now.',
    });
  }
  return refusals;
}

export function modeLabel(mode: PublishMode): string {
  return mode === 'direct_post' ? 'direct posts' : 'inbox drafts';
}
