import type { JobHandler } from '../../lib/jobs.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { authorReport, authorReportMail, type ReportSources } from './weekly-report.ts';

/**
 * Monday's mail: every reader who asked for the authors' weekly report (and has a confirmed address and a
 * verified claim) gets one message about the week just ended. A message that cannot be sent is counted and
 * logged; the others go on. A worker that takes the run over starts after the last reader it recorded.
 */
export function authorReportJob(
  deps: ReportSources & { mailer: Mailer; publicUrl: string; now: () => Date },
): JobHandler {
  return async (context) => {
    const resumed = context.resumed;
    const after = typeof resumed?.last_reader === 'number' ? resumed.last_reader : 0;
    const counts = {
      readers: 0,
      sent: typeof resumed?.sent === 'number' ? resumed.sent : 0,
      failed: typeof resumed?.failed === 'number' ? resumed.failed : 0,
      last_reader: after,
    };
    if (!deps.mailer.enabled)
      return { status: 'succeeded', counts, error: 'No SMTP_URL is configured: no mail.' };
    const readers = (await deps.desk.reportReaders()).filter((reader) => reader.id > after);
    counts.readers = readers.length;
    const until = new Date(context.scheduledFor ?? deps.now().toISOString());
    for (const reader of readers) {
      if (context.signal.aborted) break;
      try {
        const report = await authorReport(deps, reader.id, until);
        await deps.mailer.sendNow(
          authorReportMail({ report, to: reader.email, name: reader.name, publicUrl: deps.publicUrl }),
        );
        counts.sent++;
      } catch (error) {
        counts.failed++;
        context.log.warn(
          `author-report: reader ${reader.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      counts.last_reader = reader.id;
      await context.progress(counts.sent + counts.failed, readers.length, counts);
    }
    context.signal.throwIfAborted();
    return {
      status:
        counts.failed > 0 && counts.sent === 0 && readers.length > 0
          ? 'failed'
          : counts.failed > 0
            ? 'partial'
            : 'succeeded',
      counts,
      error: counts.failed > 0 ? `${counts.failed} report(s) could not be sent.` : null,
    };
  };
}
