import type { Job } from '@/api/schema.gen.ts';
import { jobKindLabel } from '@/lib/job-kind-label.ts';

/** A job as people name it: its kind in words ("Export", "Clip batch"). */
export function jobLabel(job: Job): string {
  return jobKindLabel(job.type ?? job.kind);
}
