import type { RisingStarEntry } from '@rrc/contract';
import { compareGenres, genreLabel } from '@rrc/contract/rules';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Freshness } from '../../components/Freshness.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { localTime } from '../../lib/time.ts';
import { useLatestCapture } from './api/get-latest-capture.ts';
import { useReplay } from './api/get-replay.ts';

const ROW = 44;
const SPEEDS = [0.5, 1, 2, 4] as const;
const DAY = 86_400_000;

interface Frame {
  at: string;
  entries: RisingStarEntry[];
}

function toFrames(entries: RisingStarEntry[]): Frame[] {
  const byTime = new Map<string, RisingStarEntry[]>();
  for (const entry of entries)
    byTime.set(entry.captured_at, [...(byTime.get(entry.captured_at) ?? []), entry]);
  return [...byTime.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([at, list]) => ({ at, entries: list }));
}

const dayOf = (iso: string) => iso.slice(0, 10);

/** A day of the replay's range, picked in the browser's date picker. */
function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <label className="text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <input
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 block w-full rounded-lg border-0 px-2 py-1.5 ring-1 ring-slate-300"
      />
    </label>
  );
}

/**
 * A replay of one list over a period, one frame per capture: rows slide to
 * their new places, entering and leaving rows fade. Everything that defines
 * the view lives in the address, so a copied link shows the same replay.
 */
export function ReplayPage() {
  const [params, setParams] = useSearchParams();
  const genre = params.get('genre') ?? 'main';
  const speed = SPEEDS.find((value) => String(value) === params.get('speed')) ?? 1;
  const follow = Number(params.get('follow')) || null;
  const controls = useId();

  const latest = useLatestCapture();
  const latestAt = latest.data?.captured_at ?? null;
  const to = params.get('to') ?? (latestAt ? dayOf(latestAt) : null);
  const from = params.get('from') ?? (to ? dayOf(new Date(Date.parse(to) - 9 * DAY).toISOString()) : null);

  const replay = useReplay({ genre, from, to });
  const frames = useMemo(() => toFrames(replay.data?.entries ?? []), [replay.data]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);

  // A new window starts at its first frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the data changes
  useEffect(() => {
    setIndex(0);
    setPlaying(false);
  }, [frames]);

  useEffect(() => {
    if (!playing || frames.length < 2) return;
    const timer = setInterval(() => {
      setIndex((current) => {
        if (current >= frames.length - 1) {
          setPlaying(false);
          return current;
        }
        return current + 1;
      });
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, frames.length]);

  const frame = frames[Math.min(index, frames.length - 1)];
  const previous = frames[Math.max(0, Math.min(index, frames.length - 1) - 1)];
  const rows = useMemo(() => {
    if (!frame) return [];
    const current = new Map(frame.entries.map((entry) => [entry.id, entry]));
    const leaving = (previous?.entries ?? []).filter((entry) => !current.has(entry.id));
    return [
      ...frame.entries.map((entry) => ({ entry, leaving: false })),
      ...leaving.map((entry) => ({ entry, leaving: true })),
    ];
  }, [frame, previous]);

  const everyone = useMemo(() => {
    const seen = new Map<number, string>();
    for (const item of frames) for (const entry of item.entries) seen.set(entry.royalroad_id, entry.title);
    return [...seen.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [frames]);

  const followed = useRef<HTMLLIElement | null>(null);
  // Keep the followed fiction in view whenever the frame or the choice changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index and follow are the triggers, not inputs
  useEffect(() => {
    followed.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [index, follow]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const genres = [...new Set(['main', ...(latest.data?.genres ?? [])])].sort(compareGenres);
  const [copied, setCopied] = useState(false);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Rising Stars replay</h1>
      <p className="mt-1 text-slate-600">Watch a list move, one capture at a time.</p>
      {/* Its room is kept while the latest capture loads, so nothing below moves when it arrives. */}
      <div className="mt-2 flex min-h-7 items-center">
        <Freshness at={latestAt} />
      </div>

      <div
        id={controls}
        className="mt-6 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className="text-sm">
            <span className="font-medium text-slate-700">List</span>
            <select
              aria-label="List"
              value={genre}
              onChange={(event) => update({ genre: event.target.value, follow: null })}
              className="mt-1 block w-full rounded-lg border-0 py-1.5 pr-8 pl-2 ring-1 ring-slate-300"
            >
              {genres.map((slug) => (
                <option key={slug} value={slug}>
                  {slug === 'main' ? 'Main list' : genreLabel(slug)}
                </option>
              ))}
            </select>
          </label>
          <DateField label="From" value={from} onChange={(value) => update({ from: value })} />
          <DateField label="To" value={to} onChange={(value) => update({ to: value })} />
          <label className="text-sm">
            <span className="font-medium text-slate-700">Follow a fiction</span>
            <select
              aria-label="Follow a fiction"
              value={follow ?? ''}
              onChange={(event) => update({ follow: event.target.value || null })}
              className="mt-1 block w-full rounded-lg border-0 py-1.5 pr-8 pl-2 ring-1 ring-slate-300"
            >
              <option value="">Nobody</option>
              {everyone.map(([id, title]) => (
                <option key={id} value={id}>
                  {title}
                </option>
              ))}
            </select>
          </label>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => setPlaying((value) => !value)}
            disabled={frames.length < 2}
            className="min-w-24"
          >
            {playing ? 'Pause' : 'Play'}
          </Button>
          <fieldset className="inline-flex rounded-lg border-0 bg-slate-200/70 p-1">
            <legend className="sr-only">Speed</legend>
            {SPEEDS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={speed === value}
                onClick={() => update({ speed: String(value) })}
                className={`rounded-md px-2.5 py-1 text-xs font-semibold ${speed === value ? 'bg-white shadow-sm' : 'text-slate-600'}`}
              >
                {value}×
              </button>
            ))}
          </fieldset>
          <Button
            variant="ghost"
            onClick={() => {
              void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true));
            }}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </Button>
        </div>

        {frames.length > 0 && frame && (
          <div>
            <label className="block text-sm">
              <span className="sr-only">Capture</span>
              <input
                type="range"
                min={0}
                max={frames.length - 1}
                value={Math.min(index, frames.length - 1)}
                aria-valuetext={localTime(frame.at)}
                onChange={(event) => {
                  setPlaying(false);
                  setIndex(Number(event.target.value));
                }}
                className="w-full accent-brand-600"
              />
            </label>
            <div className="flex justify-between text-xs text-slate-500">
              <span>{localTime(frames[0]?.at ?? frame.at)}</span>
              <span className="font-semibold text-slate-800" data-testid="frame-time">
                {localTime(frame.at)} · {Math.min(index, frames.length - 1) + 1}/{frames.length}
              </span>
              <span>{localTime(frames.at(-1)?.at ?? frame.at)}</span>
            </div>
          </div>
        )}
      </div>

      <div className="mt-6">
        {latest.isPending || replay.isPending ? (
          <PageSpinner label="Loading the replay" />
        ) : replay.isError ? (
          <Alert tone="error">{failureMessage(replay.error, 'Failed to load the replay')}</Alert>
        ) : frames.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            No captures of this list in that period. Try other dates.
          </p>
        ) : (
          <ol className="relative" style={{ height: 50 * ROW }} aria-label="Replayed list">
            {rows.map(({ entry, leaving }) => {
              const isFollowed = follow === entry.royalroad_id;
              return (
                <li
                  key={entry.id}
                  ref={isFollowed ? followed : undefined}
                  data-testid="replay-row"
                  data-followed={isFollowed || undefined}
                  aria-hidden={leaving || undefined}
                  className={`absolute inset-x-0 flex items-center gap-3 rounded-xl px-3 transition-[transform,opacity] duration-700 ease-out will-change-transform starting:opacity-0 motion-reduce:transition-none ${
                    leaving ? 'opacity-0' : 'opacity-100'
                  } ${isFollowed ? 'z-10 bg-accent-300/40 ring-2 ring-accent-500' : 'bg-white ring-1 ring-slate-200'}`}
                  style={{ height: ROW - 6, transform: `translateY(${(entry.position - 1) * ROW}px)` }}
                >
                  <span className="w-10 shrink-0 text-right font-bold text-slate-900 tabular-nums">
                    #{entry.position}
                  </span>
                  <span className="truncate text-sm font-medium text-slate-800">{entry.title}</span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
