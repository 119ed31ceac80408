import type { JobSet } from '../../platform/jobs/jobs';
import { PROCESS_TASK } from './posts';
import type { Processing } from './processing';
import { CHECK_TASK, type Uploads } from './uploads';

/**
 * The studio's jobs (decision 049): the check of a finished upload, the processing of a post (both queued with
 * the change that needs them), the requeue of processing whose worker is gone (every minute) and the nightly
 * sweep of abandoned uploads (03:30 UTC).
 */
export function studioJobs(uploads: Uploads, processing: Processing): JobSet {
  return {
    tasks: {
      [CHECK_TASK]: async (payload) => {
        await uploads.check(String((payload as { uploadId: string }).uploadId));
      },
      [PROCESS_TASK]: async (payload, helpers) => {
        await processing.process(Number((payload as { postId: number }).postId), {
          attempt: helpers.job.attempts,
          maxAttempts: helpers.job.max_attempts,
          signal: helpers.abortSignal,
        });
      },
      'studio.requeue_stuck': async () => {
        await processing.requeueStuck();
      },
      'studio.sweep_uploads': async () => {
        await uploads.sweep();
      },
    },
    schedule: [
      { task: 'studio.requeue_stuck', cron: '* * * * *' },
      { task: 'studio.sweep_uploads', cron: '30 3 * * *' },
    ],
  };
}
