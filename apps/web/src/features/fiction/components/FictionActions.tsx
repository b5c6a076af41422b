import type { Fiction } from '@rrc/contract';
import { fictionPath } from '@rrc/contract/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { buttonClasses } from '../../../components/ui/Button.tsx';
import { signInPath } from '../../../lib/sign-in-path.ts';
import { downloadFiction } from '../api/download-fiction.ts';

/** The quieter actions: text links of one weight, the download button drawn like them. */
const MORE =
  'inline-flex items-center rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100';
const MORE_BUTTON =
  '[&>button]:rounded-md [&>button]:bg-transparent [&>button]:px-2 [&>button]:py-1 [&>button]:font-medium [&>button]:text-slate-700 [&>button]:shadow-none [&>button]:ring-0 [&>button:hover]:bg-slate-100';

/**
 * A fiction's actions: one primary (track it: the reader's favorite button, or sign in to track), 'Open on
 * Royal Road' and the reader's alerts beside it; everything else in one row of quieter links.
 */
export function FictionActions({
  fiction,
  fictionUrl,
  signedIn,
  primary,
  alerts,
  onError,
}: {
  fiction: Fiction;
  fictionUrl: string;
  signedIn: boolean;
  primary: ReactNode;
  alerts: ReactNode;
  onError: (message: string | null) => void;
}) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {signedIn ? (
          primary
        ) : (
          <Link to={`/login?fiction_id=${fiction.royalroad_id}`} className={buttonClasses('primary')}>
            Sign in to track this fiction
          </Link>
        )}
        <a href={fictionUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
          Open on Royal Road <span aria-hidden="true">↗</span>
        </a>
        {alerts}
      </div>
      <ul aria-label="More for this fiction" className="-ml-2 flex flex-wrap items-center gap-x-1 gap-y-1">
        <li>
          <Link to={`/compare?ids=${fiction.royalroad_id}`} className={MORE}>
            Compare
          </Link>
        </li>
        <li>
          <Link to={`/rising-stars-position/${fiction.royalroad_id}`} className={MORE}>
            Rising Stars Position Calculator
          </Link>
        </li>
        <li className={MORE_BUTTON}>
          {signedIn ? (
            <DownloadButton
              download={(onProgress) => downloadFiction(fiction.royalroad_id, onProgress)}
              label="Data download"
              onError={onError}
            />
          ) : (
            <Link to={signInPath(fictionPath(fiction.royalroad_id, fiction.title))} className={MORE}>
              Sign in to download data
            </Link>
          )}
        </li>
        {!fiction.sponsored && (
          <li>
            {/* The sponsorship page is reached by a full page load (SPEC §1). */}
            <a href={`/sponsor/${fiction.royalroad_id}`} className={MORE}>
              Sponsor this fiction
            </a>
          </li>
        )}
        <li>
          <Link to="/coffee" className={MORE}>
            Buy us a coffee
          </Link>
        </li>
      </ul>
    </div>
  );
}
