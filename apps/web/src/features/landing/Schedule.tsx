import {
  formatLocal,
  formatPacific,
  localTimeZoneName,
  pacificInstant,
  SCHEDULE,
} from '../../lib/pacific-time.ts';

/** The data schedule in Pacific time, with the same moments in the visitor's own time zone. */
export function Schedule() {
  const risingStars = SCHEDULE.risingStars.map(([hour, minute]) => pacificInstant(hour, minute));
  const [allFictions] = SCHEDULE.allFictions.map(([hour, minute]) => pacificInstant(hour, minute));
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h3 className="font-semibold text-slate-900">Rising Stars — four times a day</h3>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="pb-1 font-medium">
                Pacific time
              </th>
              <th scope="col" className="pb-1 font-medium">
                Your time
              </th>
            </tr>
          </thead>
          <tbody>
            {risingStars.map((at) => (
              <tr key={at.toISOString()} className="border-t border-slate-100">
                <td className="py-1.5 font-medium text-slate-900">{formatPacific(at)}</td>
                <td className="py-1.5 text-slate-700">{formatLocal(at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h3 className="font-semibold text-slate-900">Every tracked fiction — once a day</h3>
        {allFictions && (
          <p className="mt-3 text-sm text-slate-700">
            <span className="font-medium text-slate-900">{formatPacific(allFictions)} Pacific time</span>,
            which is {formatLocal(allFictions)} for you.
          </p>
        )}
        <p className="mt-4 text-xs text-slate-500">
          Times follow Pacific time (America/Los_Angeles), Royal Road's own day, including daylight saving
          time; your times are shown for {localTimeZoneName()}. Scrapes are spaced out politely, so a full
          refresh can take a while to finish.
        </p>
      </div>
    </div>
  );
}
