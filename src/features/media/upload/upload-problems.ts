import { ApiError, describeError } from '@/api/api-error.ts';

/** What the upload panel offers to upload, and what the service takes. */
export const ACCEPTED_KINDS = ['video/', 'audio/', 'image/'];
const MAX_FILE_BYTES = 50 * 1024 ** 3;

/** Why a file cannot be uploaded, before anything is sent; null when it can. */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  if (!ACCEPTED_KINDS.some((kind) => file.type.startsWith(kind))) {
    return `${file.name}: only video, audio and image files can be uploaded${file.type ? ` (this is ${file.type})` : ''}.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_FILE_BYTES) return `${file.name} is larger than 50 GiB, the service's limit.`;
  if (file.name.length > 255) return `${file.name.slice(0, 40)}…: the name is over 255 characters.`;
  return null;
}

function isConnectionError(error: unknown): boolean {
  const source = (error as { source?: { status?: number } } | null)?.source;
  return (
    (source !== undefined && (source.status === 0 || source.status === undefined)) ||
    (error instanceof Error && error.name === 'NetworkError') ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  );
}

/** What went wrong with an upload, in words the user can act on. */
export function describeUploadError(error: unknown): string {
  if (isConnectionError(error)) {
    return 'The connection dropped. The parts already sent stay on the service: retry sends only the rest.';
  }
  if (error instanceof ApiError) {
    const { title, detail } = describeError(error);
    return `${title}. ${detail}`;
  }
  const status = (error as { source?: { status?: number } } | null)?.source?.status;
  if (status === 403) return 'The part address expired or was refused. Retry signs it again.';
  if (status !== undefined && status >= 500) {
    return `The storage service failed (HTTP ${status}). Retry resumes where it stopped.`;
  }
  return error instanceof Error ? error.message : 'The upload failed. Retry resumes it.';
}
