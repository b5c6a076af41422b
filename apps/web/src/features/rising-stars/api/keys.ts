/** Query keys of the Rising Stars pages. */
export const risingStarsKeys = {
  all: ['rising-stars'] as const,
  mainList: () => [...risingStarsKeys.all, 'main'] as const,
  latestCapture: () => [...risingStarsKeys.all, 'latest-capture'] as const,
  replay: (window: ReplayWindow) => [...risingStarsKeys.all, 'replay', window] as const,
  position: (royalroadId: number) => [...risingStarsKeys.all, 'position', royalroadId] as const,
};

/** One list over a period of whole days (YYYY-MM-DD). */
export interface ReplayWindow {
  genre: string;
  from: string | null;
  to: string | null;
}
