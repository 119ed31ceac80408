import type { JobSet } from '../../platform/jobs/jobs';
import { SEND_TASK, SIGN_IN_REMINDER_TASK, type Notices } from './notices';

/** The bot's jobs: one notice sent per run, and the daily sign-in reminders at 20:00 UTC+8. */
export function telegramJobs(notices: Notices): JobSet {
  return {
    tasks: {
      [SEND_TASK]: async (payload) => notices.send((payload as { noticeId: number }).noticeId),
      [SIGN_IN_REMINDER_TASK]: async () => {
        await notices.queueSignInReminders();
      },
    },
    // 12:00 UTC is 20:00 in UTC+8: late enough to remind, early enough to act before the day ends.
    schedule: [{ task: SIGN_IN_REMINDER_TASK, cron: '0 12 * * *', catchUpMs: 3 * 3600_000 }],
  };
}
